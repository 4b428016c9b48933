/**
 * The Hub NER tagger (a token-classification model, e.g. Xenova/bert-base-NER) against the mock
 * Hub with a generated lookup-table ONNX model: real ONNX Runtime, real tokenizer, our offsets and
 * B-/I- grouping; its spans then decide the answer entity as a file's own spans do (§3.1 step 1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureRuntime } from '../../src/core/index.ts';
import { loadNerTagger, type NerTagger } from '../../src/core/runtime/ner-tagger.ts';
import { selectRenameTarget } from '../../src/core/entity/rename.ts';
import { tinyNerRepo } from '../../scripts/lib/tiny-ner-model.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';
import { ROOT, runMain } from '../support/run-qarx.ts';
import { readFileSync, writeFileSync } from 'node:fs';

const TEXT = 'Émile Zola was born in Paris. The Eiffel Tower is in Paris, France.';

describe('Hub NER tagger on a generated token-classification model', () => {
  let hub: MockHub;
  let cacheDir: string;
  let tagger: NerTagger;
  beforeAll(async () => {
    // The mini vocabulary spells "Eiffel" E ##i ##f …: its first token tagged B-PER is the known slip of taggers
    // (bert-base-NER among them) that call "Eiffel" of "Eiffel Tower" a person.
    hub = await startMockHub({
      'qarx-test/tiny-ner': tinyNerRepo({ 'Émile': 'B-PER', Zola: 'I-PER', E: 'B-PER', Paris: 'B-LOC', France: 'B-LOC' }),
      'qarx-test/places-ner': tinyNerRepo({ Paris: 'B-LOC', France: 'B-LOC' }),
      'qarx-test/not-ner': { ...tinyNerRepo({}), 'config.json': JSON.stringify({ model_type: 'bert', id2label: { 0: 'NEGATIVE', 1: 'POSITIVE' } }) },
    });
    cacheDir = mkdtempSync(join(tmpdir(), 'qarx-ner-cache-'));
    configureRuntime({ remoteHost: hub.url, cacheDir });
    tagger = await loadNerTagger({ kind: 'hub', id: 'qarx-test/tiny-ner' }, { device: 'cpu' });
  }, 120_000);
  afterAll(async () => {
    await tagger?.dispose();
    await hub?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('tags PER and LOC (as GPE candidates) with character offsets; the slip before "Tower" is dropped', async () => {
    expect(tagger.labels).toContain('B-PER');
    const spans = await tagger.tag(TEXT);
    expect(spans.map((s) => [s.type, TEXT.slice(s.start, s.end)])).toEqual([
      ['PER', 'Émile Zola'],
      ['GPE', 'Paris'],
      ['GPE', 'Paris'],
      ['GPE', 'France'],
    ]);
    for (const s of spans) expect(s.score).toBeGreaterThan(0.9);
  });

  it('its spans choose the answer entity, as a file’s own spans do', async () => {
    const entities = await tagger.tag(TEXT);
    const inst = { context: TEXT, question: 'Who was born in Paris?', answers: [{ text: 'Émile Zola', start: 0 }], isImpossible: false, lang: 'en' as const, entities };
    const t = selectRenameTarget(inst, { type: 'MIX', source: 'db' });
    if (typeof t === 'string') throw new Error(t);
    expect(t.entity.type).toBe('PER');
    expect(t.spans.map((x) => x.text)).toEqual(['Émile', 'Zola']);
    const at = TEXT.indexOf('Eiffel Tower');
    expect(selectRenameTarget({ ...inst, answers: [{ text: 'Eiffel Tower', start: at }] }, { type: 'MIX', source: 'db' })).toBe('no-entity');
  });

  it('qarx perturb entity --tagger renames the answer entities the model found; a file’s own spans still win', { timeout: 120_000 }, async () => {
    const file = join(cacheDir, 'two.json');
    const qa = (id: string, question: string, text: string, extra: Record<string, unknown> = {}) => ({ id, question, answers: [{ text, answer_start: TEXT.indexOf(text) }], ...extra });
    // q2's own spans say "France" is no entity (an empty list): the file decides, not the model.
    writeFileSync(file, JSON.stringify({ version: '1.1', data: [{ title: 't', paragraphs: [{ context: TEXT, qas: [qa('q1', 'Who was born in Paris?', 'Émile Zola'), qa('q2', 'Which country?', 'France', { entities: [] })] }] }] }));
    const out = join(cacheDir, 'out.json');
    const cli = await runMain('perturb', 'entity', '--type', 'MIX', '--source', 'randstr', '--tagger', 'qarx-test/tiny-ner', '--hub-host', hub.url, '--cache-dir', cacheDir, file, out);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toMatch(/renamed 1 of 2 questions \(MIX, RandStr, seed 1, tagger qarx-test\/tiny-ner \(1 passages\)\); left out: 1 no-entity \(q2\)/);
    const renamed = JSON.parse(readFileSync(out, 'utf8')) as { data: { paragraphs: { qas: { id: string; perturbation: { entity: { type: string; text: string } } }[] }[] }[] };
    expect(renamed.data[0]?.paragraphs[0]?.qas[0]?.perturbation.entity).toEqual({ type: 'PER', text: 'Émile Zola' });
  });

  it('qarx sweep, budget and universal --tagger: the model chooses the answer entities; record and command carry it (§3.1 step 1)', { timeout: 240_000 }, async () => {
    const file = join(cacheDir, 'sweep.json');
    const qa = (id: string, question: string, text: string) => ({ id, question, answers: [{ text, answer_start: TEXT.indexOf(text) }] });
    writeFileSync(file, JSON.stringify({ version: '1.1', data: [{ title: 't', paragraphs: [{ context: TEXT, qas: [qa('q1', 'Who was born in Paris?', 'Émile Zola'), qa('q2', 'Which country?', 'France')] }] }] }));
    const model = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
    const common = ['--model', model, '--hub-host', hub.url, '--cache-dir', cacheDir, '--json'];
    // The model tags only places: "Émile Zola" is no PER for it, whereas the built-in tagger renames him.
    const sweep = async (...extra: string[]) => {
      const r = await runMain('sweep', file, ...common, '--types', 'PER,GPE', '--sources', 'randstr', '--seeds', '1', ...extra);
      expect(r.code, r.stderr).toBe(0);
      return { ...r, json: JSON.parse(r.stdout) as { record: { settings: Record<string, unknown> }; command: string; cells: { type: string; n: number }[] } };
    };
    const plain = await sweep();
    const tagged = await sweep('--tagger', 'qarx-test/places-ner');
    const n = (r: typeof plain, t: string) => r.json.cells.find((c) => c.type === t)?.n;
    expect([n(plain, 'PER'), n(tagged, 'PER')]).toEqual([1, 0]);
    expect(n(tagged, 'GPE')).toBe(1);
    expect(plain.json.record.settings.tagger).toBeUndefined();
    expect(tagged.json.record.settings.tagger).toBe('qarx-test/places-ner');
    expect(tagged.json.command).toContain('--tagger qarx-test/places-ner');
    expect(tagged.stderr).toMatch(/tagged 1 passage with qarx-test\/places-ner/);
    // Coverage with each tagger (issue 24.8): the share of answerable questions whose answer gets an entity.
    expect(plain.stderr).toContain('sweep: renamable answer entity for 2 of 2 answerable questions (100.0%: PER 1, ORG 0, GPE 1); left out of 2: none; tags: built-in tagger 2 · tagger built-in (compromise)');
    expect(tagged.stderr).toContain('sweep: renamable answer entity for 1 of 2 answerable questions (50.0%: PER 0, ORG 0, GPE 1); left out of 2: 1 no answer entity; tags: Hub NER model 1 · tagger qarx-test/places-ner');
    const budget = await runMain('budget', file, ...common, '--type', 'PER', '--source', 'randstr', '--budget', '2', '--tagger', 'qarx-test/places-ner');
    expect(budget.code, budget.stderr).toBe(0);
    expect((JSON.parse(budget.stdout) as { n: number; record: { settings: Record<string, unknown> } }).n).toBe(0);
    const uni = await runMain('universal', file, ...common, '--type', 'PER', '--source', 'db', '--candidates', '2', '--iterations', '1', '--sample', '1', '--tagger', 'qarx-test/places-ner');
    expect(uni.code, uni.stderr).toBe(0);
    const u = JSON.parse(uni.stdout) as { eligible: number; record: { settings: Record<string, unknown> } };
    expect([u.eligible, u.record.settings.tagger]).toEqual([0, 'qarx-test/places-ner']);
  });

  it('refuses a model whose labels name no entity type', async () => {
    await expect(loadNerTagger({ kind: 'hub', id: 'qarx-test/not-ner' }, { device: 'cpu' })).rejects.toThrow(/no NER model/);
  });
});
