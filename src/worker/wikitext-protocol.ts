/** Messages between the data worker and its wikitext parser worker: one revision per job. */

export type WikitextRequest = { id: number; passage: string; wikitext: string };

export type WikitextEvent = { type: 'ready' } | { type: 'paragraph'; id: number; text: string | null } | { type: 'failed'; id: number; message: string };
