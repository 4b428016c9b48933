/** The inference worker's slot name (its worker names start with it); shared by boot.ts and worker-client.ts. */
export const QA_SLOT = 'qa-inference';
