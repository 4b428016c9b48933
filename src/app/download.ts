/** Saving exports as files the browser downloads. */

/** Downloads text as a file, e.g. downloadText('pairs.csv', csv, 'text/csv'). */
export function downloadText(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
