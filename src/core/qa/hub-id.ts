/** What a Hugging Face Hub model id looks like, in one place for the app, the CLI and the configs they write. */

/** A Hub model id: owner/name, e.g. 'deepset/roberta-base-squad2'. */
export const HUB_ID = /^[\w.-]+\/[\w.-]+$/;

/** Whether `s` is a Hub model id rather than a folder or a bare name, e.g. isHubId('a/b') === true, isHubId('./a/b') === false. */
export const isHubId = (s: string): boolean => HUB_ID.test(s);
