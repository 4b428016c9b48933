/**
 * Permalinks: everything needed to reproduce a live view (model(s), the question — a stored
 * instance or free text —, the perturbation and its seed or a found breaking edit itself, the
 * Explain mode, the question list's search and, from an experiment page, that page) as a compact
 * string for a URL hash. Fields added after the first release are optional: older links still open.
 * The payload is JSON compressed with lz-string; decoding validates every field with valibot, so a
 * hand-edited or hostile link yields a clear error and never reaches the UI unchecked.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import * as v from 'valibot';
import { ENTITY_CHOICES, NAME_SOURCES, ORIGINS } from '../entity/options.ts';
import { NOISE_KINDS } from '../natural/noise-kinds.ts';
import { MAX_SEED } from '../text/random.ts';
import { TRAP_POSITIONS } from '../trap/insert.ts';
import { FAMILIES } from '../explain/search-options.ts';
import { PAIR_CATEGORIES } from '../natural/categories.ts';
import { PERMALINK_PREFIX } from './permalink-prefix.ts';

export { PERMALINK_PREFIX };
/** Longest URL we hand out: most browsers, servers and chat apps keep 8 k characters intact. */
export const MAX_URL_LENGTH = 8_000;
/** Longest passage or question a link (or link file) may carry, in UTF-16 units. */
const MAX_TEXT = 200_000;
const MAX_ID = 500;
/** Longest text of one found edit's label or change (a trap sentence, a renamed name). */
const MAX_EDIT = 2_000;

const Seed = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SEED));
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID));
/** Model ids are Hub ids (owner/name) or the shipped model's directory: no spaces, no markup. */
const ModelId = v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.regex(/^[\w.-]+(\/[\w.-]+)?$/, 'a model id is owner/name or a folder name'));

/** A model; device and dtype are those of a model added beside the first (the first uses the app's device). */
const ModelRef = v.strictObject({
  kind: v.picklist(['local', 'hub']),
  id: ModelId,
  device: v.optional(v.picklist(['auto', 'webgpu', 'wasm'])),
  dtype: v.optional(v.picklist(['auto', 'fp32', 'fp16', 'q8'])),
});

const Question = v.variant('kind', [
  v.strictObject({
    kind: v.literal('instance'),
    dataset: Id,
    id: Id,
    /** The imported file the question comes from (name, question count, content hash), so a browser without it can say which file to import. */
    file: v.optional(v.strictObject({ name: v.pipe(v.string(), v.maxLength(300)), questions: v.pipe(v.number(), v.integer(), v.minValue(0)), hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/)) })),
  }),
  v.strictObject({ kind: v.literal('text'), passage: v.pipe(v.string(), v.maxLength(MAX_TEXT)), question: v.pipe(v.string(), v.maxLength(MAX_TEXT)) }),
]);

/** One replaced span of a found edit (core/explain/search-options.ts TextChange): code-point offsets, the text it replaces and its replacement. */
const TextChange = v.strictObject({
  field: v.picklist(['question', 'context']),
  start: v.pipe(v.number(), v.integer(), v.minValue(0)),
  end: v.pipe(v.number(), v.integer(), v.minValue(0)),
  from: v.pipe(v.string(), v.maxLength(MAX_EDIT)),
  to: v.pipe(v.string(), v.maxLength(MAX_EDIT)),
});

/** A found breaking edit ("Find a failure"): its edits with their changes, and the gold answers of the edited passage, so it replays without searching. */
const FoundEdit = v.strictObject({
  kind: v.literal('edit'),
  edits: v.pipe(
    v.array(v.strictObject({ family: v.picklist(FAMILIES), label: v.pipe(v.string(), v.maxLength(MAX_EDIT)), changes: v.pipe(v.array(TextChange), v.maxLength(50)) })),
    v.minLength(1),
    v.maxLength(10),
  ),
  answers: v.pipe(v.array(v.strictObject({ text: v.pipe(v.string(), v.maxLength(MAX_EDIT)), start: v.pipe(v.number(), v.integer(), v.minValue(0)) })), v.maxLength(20)),
});

const Perturbation = v.variant('kind', [
  v.strictObject({ kind: v.literal('none') }),
  v.strictObject({
    kind: v.literal('rename'),
    type: v.picklist(ENTITY_CHOICES),
    target: v.optional(v.picklist(['answer', 'question-person'])),
    source: v.picklist(NAME_SOURCES),
    origin: v.picklist(ORIGINS),
    seed: Seed,
    resemble: v.boolean(),
  }),
  v.strictObject({ kind: v.literal('noise'), noise: v.picklist(NOISE_KINDS), rate: v.pipe(v.number(), v.minValue(0), v.maxValue(1)), seed: Seed }),
  v.strictObject({ kind: v.literal('revision') }),
  v.strictObject({
    kind: v.literal('trap'),
    source: v.picklist(['generated', 'typed', 'dataset']),
    position: v.picklist(TRAP_POSITIONS),
    seed: Seed,
    /** The typed sentence ('' unless typed). */
    sentence: v.pipe(v.string(), v.maxLength(2_000)),
  }),
  FoundEdit,
]);

/** The Explain panel as it was: open or not, and what it removes (each sentence, or each word of one sentence). */
const Explain = v.strictObject({ open: v.boolean(), kind: v.picklist(['sentence', 'word']), sentence: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** The question list's search words and filters. */
const ListSearch = v.strictObject({
  query: v.pipe(v.string(), v.maxLength(MAX_ID)),
  filters: v.strictObject({
    dataset: Id,
    answerable: v.picklist(['all', 'answerable', 'unanswerable']),
    entity: v.picklist(['all', 'PER', 'ORG', 'GPE', 'other']),
    revision: v.picklist(['all', 'with-revision']),
    category: v.picklist(['all', ...PAIR_CATEGORIES]),
  }),
});

const PermalinkSchema = v.strictObject({
  v: v.literal(1),
  /** The model(s): the first is the primary; the rest are loaded beside it and answer side by side. */
  models: v.pipe(v.array(ModelRef), v.minLength(1), v.maxLength(4)),
  q: Question,
  p: Perturbation,
  /** SQuAD 2.0 decoding ("no answer" allowed). */
  allowNull: v.boolean(),
  /** The Explain panel's mode (links made before it existed leave it as it is). */
  explain: v.optional(Explain),
  /** The question list's search (absent in older links: the list is left as it is). */
  list: v.optional(ListSearch),
  /** The experiment page the link opens ("group/item", see app/routes.ts); absent: the live view. */
  page: v.optional(v.pipe(v.string(), v.regex(/^[a-z]+\/[a-z]+$/, 'a page is group/item'))),
});

export type Permalink = v.InferOutput<typeof PermalinkSchema>;
export type PermalinkPerturbation = Permalink['p'];

/** The permalink's hash fragment, e.g. encodePermalink(link) === '#v1=N4Ig…'. */
export function encodePermalink(link: Permalink): string {
  return PERMALINK_PREFIX + compressToEncodedURIComponent(JSON.stringify(link));
}

/** A validated permalink from a hash fragment (with or without '#'), or an error a person can read. */
export function decodePermalink(hash: string): { link: Permalink } | { error: string } {
  const h = hash.startsWith('#') ? hash : `#${hash}`;
  if (!h.startsWith(PERMALINK_PREFIX)) return { error: 'This link is not a QA Robustness Explorer permalink (it should start with #v1=).' };
  const body = h.slice(PERMALINK_PREFIX.length);
  if (body.length > 4 * MAX_TEXT) return { error: 'This link is too long to be a permalink.' };
  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(body);
  } catch {
    json = null;
  }
  if (!json) return { error: 'This link is damaged: its contents could not be decompressed (was it cut short when copied?).' };
  return parsePermalinkJson(json);
}

/** A validated permalink from its JSON text (the link file offered when a URL would be too long). */
export function parsePermalinkJson(json: string): { link: Permalink } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { error: 'This link is damaged: its contents are not valid JSON.' };
  }
  const r = v.safeParse(PermalinkSchema, raw);
  if (r.success) return { link: r.output };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { error: `This link has an invalid field${path ? ` "${path}"` : ''}: ${issue.message}.` };
}

/** The full URL of a permalink, or null when it would be longer than MAX_URL_LENGTH (offer a file then). */
export function permalinkUrl(base: string, link: Permalink): string | null {
  const url = base.replace(/#.*$/, '') + encodePermalink(link);
  return url.length > MAX_URL_LENGTH ? null : url;
}
