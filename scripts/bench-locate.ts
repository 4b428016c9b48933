/**
 * npm run bench:locate: import time of a ~1.5 MB SQuAD file whose answer_starts all lie past the end
 * of one long passage (issue 25.3), plus the same file with correct offsets as the reference.
 * Prints seconds and the ratio hostile / reference; nothing is asserted.
 */
import { importFile } from '../src/core/formats/index.ts';
import { locateWork } from '../src/core/formats/common.ts';

/** SQuAD 1.1 bytes: one passage of `words` words, `q` questions answering "the", offsets past the end or right. */
function file(words: number, q: number, pastEnd: boolean): Uint8Array {
  const context = Array.from({ length: words }, (_, i) => (i % 2 ? 'the' : 'river')).join(' ');
  const qas = Array.from({ length: q }, (_, i) => ({ id: `q${i}`, question: `Which one, ${i}?`, answers: [{ text: 'the', answer_start: pastEnd ? context.length + 10 + i : 6 }] }));
  return new TextEncoder().encode(JSON.stringify({ version: '1.1', data: [{ title: 'T', paragraphs: [{ context, qas }] }] }));
}

/** Seconds to import `bytes` and the positions locate() visited. */
async function time(bytes: Uint8Array): Promise<{ secs: number; scanned: number }> {
  const s0 = locateWork.scanned;
  const t0 = performance.now();
  await importFile('bench.json', bytes, { dataset: 'bench' });
  return { secs: (performance.now() - t0) / 1000, scanned: locateWork.scanned - s0 };
}

const hostile = file(200_000, 8_000, true);
const reference = file(200_000, 8_000, false);
await time(reference); // warm-up
const ref = await time(reference);
const bad = await time(hostile);
console.log(`file ${(hostile.length / 1e6).toFixed(2)} MB, 8,000 questions, 100,000 occurrences of the answer`);
console.log(`correct offsets:   ${ref.secs.toFixed(2)} s`);
console.log(`offsets past end:  ${bad.secs.toFixed(2)} s (${bad.scanned.toLocaleString('en')} positions visited)`);
console.log(`ratio past-end / correct: ${(bad.secs / ref.secs).toFixed(1)}×`);
