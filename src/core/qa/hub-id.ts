/** What a Hugging Face Hub model id looks like, in one place for the app, the CLI and the configs they write. */

/** A Hub model id: owner/name, e.g. 'deepset/roberta-base-squad2'. */
export const HUB_ID = /^[\w.-]+\/[\w.-]+$/;

/** Whether `s` is a Hub model id rather than a folder or a bare name, e.g. isHubId('a/b') === true, isHubId('./a/b') === false. */
export const isHubId = (s: string): boolean => HUB_ID.test(s);

/**
 * A Hub dataset id: owner/name, or a legacy name without owner (e.g. 'squad_v2'); each part starts
 * with a letter or digit, at most 96 characters, no '--' or '..' (huggingface_hub's validate_repo_id).
 */
export const HUB_DATASET_ID = /^(?!.*(?:--|\.\.))(?:[A-Za-z0-9][\w.-]{0,95}\/)?[A-Za-z0-9][\w.-]{0,95}$/;

/** Whether `s` is shaped like a Hub dataset id, e.g. isHubDatasetId('rajpurkar/squad_v2') === true, isHubDatasetId('local:sq2half') === false. */
export const isHubDatasetId = (s: string): boolean => HUB_DATASET_ID.test(s);
