/** Saving exports as files the browser downloads. */

/** Downloads a blob as a file, e.g. downloadBlob('chart.png', png). */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads text as a file, e.g. downloadText('pairs.csv', csv, 'text/csv'). */
export function downloadText(name: string, text: string, type = 'application/json'): void {
  downloadBlob(name, new Blob([text], { type }));
}
