/** Types for the `synonyms` package (WordNet synonyms by part of speech: n, v, s, a, r). */
declare module 'synonyms' {
  interface Synonyms {
    (word: string, type?: string): Record<string, string[]> | string[] | undefined;
    dictionary: Record<string, Record<string, string[]>>;
  }
  const synonyms: Synonyms;
  export default synonyms;
}
