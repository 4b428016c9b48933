/**
 * The built-in demo set: a small original set of English and Chinese QA instances that shows each
 * phenomenon the tool explores (entity answers, unanswerable questions, revision pairs,
 * paraphrases, trap sentences). It ships with the app, so it is checked when it is loaded.
 */
import demo from './demo-set.json' with { type: 'json' };
import type { GoldAnswer, Instance } from './types.ts';

/** Every tag the demo set uses, one per phenomenon (entity tags name the answer's type). */
export const DEMO_TAGS = ['PER', 'ORG', 'GPE', 'other', 'unanswerable', 'revision', 'paraphrase', 'trap', 'zh'] as const;

export type DemoTag = (typeof DEMO_TAGS)[number];

const ENTITY_TYPES: readonly string[] = ['PER', 'ORG', 'GPE', 'other'];

function fail(id: string, msg: string): never {
  throw new Error(`demo set: instance "${id}": ${msg}`);
}

function checkAnswers(id: string, where: string, context: string, answers: readonly GoldAnswer[]): void {
  answers.forEach((a, k) => {
    if (!Number.isInteger(a.start) || a.start < 0 || a.start + a.text.length > context.length) {
      fail(id, `${where} answer ${k} ("${a.text}") has offset ${a.start} outside the passage (length ${context.length})`);
    }
    const found = context.slice(a.start, a.start + a.text.length);
    if (found !== a.text) fail(id, `${where} answer ${k} ("${a.text}") is not at offset ${a.start} (found "${found}")`);
  });
}

/** Checks raw demo-set JSON and returns its instances, throwing an Error that names the bad id. Example: validateDemoSet({ version: 1, instances: [] }) → []. */
export function validateDemoSet(raw: unknown): Instance[] {
  const set = raw as { version?: unknown; instances?: unknown };
  if (typeof set !== 'object' || set === null || set.version !== 1 || !Array.isArray(set.instances)) {
    throw new Error('demo set: expected { version: 1, instances: [...] }');
  }
  const ids = new Set<string>();
  const known: readonly string[] = DEMO_TAGS;
  for (const [n, item] of (set.instances as unknown[]).entries()) {
    const inst = item as Instance;
    const id = typeof inst?.id === 'string' && inst.id !== '' ? inst.id : `#${n}`;
    if (ids.has(id)) fail(id, 'duplicate id');
    ids.add(id);
    if (inst.dataset !== 'demo') fail(id, `dataset is "${String(inst.dataset)}", expected "demo"`);
    for (const k of ['title', 'question', 'context'] as const) {
      if (typeof inst[k] !== 'string' || inst[k] === '') fail(id, `${k} must be a non-empty string`);
    }
    if (inst.lang !== 'en' && inst.lang !== 'zh') fail(id, `lang is "${String(inst.lang)}"`);
    if (!Array.isArray(inst.answers) || !Array.isArray(inst.tags)) fail(id, 'answers and tags must be arrays');
    for (const t of inst.tags) if (!known.includes(t)) fail(id, `unknown tag "${t}"`);
    if (inst.answerType !== undefined && !ENTITY_TYPES.includes(inst.answerType)) fail(id, `answerType is "${inst.answerType}"`);
    if (inst.isImpossible !== (inst.answers.length === 0)) fail(id, 'isImpossible must be true exactly when there are no answers');
    checkAnswers(id, 'context', inst.context, inst.answers);
    if (inst.revision) {
      if (inst.revision.answers.length !== inst.answers.length) fail(id, 'revision must keep every answer');
      checkAnswers(id, 'revision', inst.revision.context, inst.revision.answers);
    }
    if (inst.trap) {
      const { start, end } = inst.trap.trap;
      if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= inst.trap.context.length)) {
        fail(id, `trap span [${start}, ${end}) is outside the trap passage`);
      }
      if (inst.trap.answers.length !== inst.answers.length) fail(id, 'trap passage must keep every answer');
      checkAnswers(id, 'trap', inst.trap.context, inst.trap.answers);
    }
  }
  return set.instances as Instance[];
}

let cached: Instance[] | undefined;

/** The built-in demo set, validated on first use (throws naming the id if an answer is off). Example: loadDemoSet().filter((i) => i.tags.includes('trap')). */
export function loadDemoSet(): Instance[] {
  cached ??= validateDemoSet(demo);
  return cached.slice();
}
