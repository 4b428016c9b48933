/**
 * /bench-pipeline.html: the baseline of `npm run bench:browser` (issue 44), the page a JavaScript
 * developer would write: transformers.js' question-answering pipeline on the shipped model, on the
 * main thread, served by the same server with the same compression (and ONNX Runtime's wasm from it,
 * not a CDN). It answers the demo set's first question on load and again on every edit; the driver
 * also calls `window.qarxPipeline` for a sweep's inputs and a sentence occlusion.
 */
import { env, pipeline } from '@huggingface/transformers';
import { loadDemoSet } from '../core/data/demo.ts';
import { removeUnits, sentenceUnits } from '../core/explain/units.ts';
import type { QaInput } from '../core/types.ts';

const here = new URL('./', window.location.href);
// The model is served by this page's own server (transformers.js' browser default looks on the Hub only).
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = `${here.pathname}models/`;
(env.backends.onnx as { wasm?: { wasmPaths?: unknown } }).wasm!.wasmPaths = `${here.href}ort/`;

const question = document.getElementById('question') as HTMLInputElement;
const passage = document.getElementById('passage') as HTMLTextAreaElement;
const answer = document.getElementById('answer') as HTMLOutputElement;
const first = loadDemoSet()[0]!;
question.value = first.question;
passage.value = first.context;

const qa = await pipeline('question-answering', 'qarx-lexical-qa');

/** The pipeline's best answer text for one question. */
async function ask(q: string, context: string): Promise<string> {
  const r = (await qa(q, context)) as { answer: string } | { answer: string }[];
  return Array.isArray(r) ? (r[0]?.answer ?? '') : r.answer;
}

let version = 0;
/** Answers what the inputs hold now; a newer edit's answer replaces an older one. */
async function answerInputs(): Promise<void> {
  const mine = ++version;
  const text = await ask(question.value, passage.value);
  if (mine !== version) return;
  answer.textContent = text;
  answer.dataset.version = String(mine);
  // As the app's answer card: the answer shown is for what the inputs hold now (the driver waits for it).
  answer.dataset.answers = 'current';
}
/** An edit: the answer shown is for older inputs until the new one's arrives. */
const edited = () => {
  answer.dataset.answers = 'previous';
  void answerInputs();
};
question.addEventListener('input', edited);
passage.addEventListener('input', edited);
await answerInputs();

/** What the driver calls: the sweep's inputs one call each, and a sentence occlusion (each sentence removed in turn). */
const api = {
  async many(inputs: QaInput[]): Promise<number> {
    const t0 = performance.now();
    for (const x of inputs) await ask(x.question, x.context);
    return performance.now() - t0;
  },
  async occlude(): Promise<{ ms: number; calls: number }> {
    const t0 = performance.now();
    const units = sentenceUnits(passage.value);
    await ask(question.value, passage.value);
    for (const u of units) await ask(question.value, removeUnits(passage.value, [u]));
    return { ms: performance.now() - t0, calls: units.length + 1 };
  },
};
(window as Window & { qarxPipeline?: typeof api }).qarxPipeline = api;
