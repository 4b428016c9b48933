/** What counts as a Hub model id (owner/name), shared by the app's model forms, the CLI and the configs. */
import { describe, expect, it } from 'vitest';
import { isHubDatasetId, isHubId } from '../../src/core/qa/hub-id.ts';
import { hubIdError } from '../../src/app/models/models.ts';

describe('isHubId', () => {
  it.each([
    { id: 'deepset/roberta-base-squad2', want: true },
    { id: 'Xenova/distilbert-base-cased-distilled-squad', want: true },
    { id: 'a_b/c.d', want: true },
    { id: 'qarx-lexical-qa', want: false },
    { id: './models/x', want: false },
    { id: '/abs/path', want: false },
    { id: 'a/b/c', want: false },
    { id: 'owner/ name', want: false },
    { id: '', want: false },
  ])('$id → $want', ({ id, want }) => {
    expect(isHubId(id)).toBe(want);
  });
});

describe('isHubDatasetId (huggingface_hub validate_repo_id: owner/name or a legacy name, ≤ 96 a part, no -- or ..)', () => {
  it.each([
    { id: 'rajpurkar/squad_v2', want: true },
    { id: 'squad_v2', want: true },
    { id: 'local:sq2half', want: false },
    { id: 'a/b/c', want: false },
    { id: 'a--b/c', want: false },
    { id: 'a/b..c', want: false },
    { id: `a/${'x'.repeat(97)}`, want: false },
    { id: '-a/b', want: false },
    { id: '', want: false },
  ])('$id → $want', ({ id, want }) => {
    expect(isHubDatasetId(id)).toBe(want);
  });
});

describe('hubIdError', () => {
  it('is null for owner/name and names the typed text otherwise', () => {
    expect(hubIdError('deepset/roberta-base-squad2')).toBeNull();
    expect(hubIdError('bert')).toBe('"bert" is not a Hub model id (expected owner/name).');
  });
});
