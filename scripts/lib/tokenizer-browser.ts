/**
 * bench:tokenizer's browser half: the same two tokenizer builds timed inside headless Chromium's
 * V8 (the engine a visit's worker runs), from one esbuild bundle of the core tokenizer and
 * @huggingface/tokenizers (transformers.js' tokenizer: JSON.parse, its Tokenizer, get_vocab()).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const ROOT = join(import.meta.dirname, '..', '..');

const ENTRY = `
import { Tokenizer } from '@huggingface/tokenizers';
import { qaTokenizerFromText } from './src/core/qa/wordpiece-text.ts';
const time = (f) => { const t0 = performance.now(); f(); return performance.now() - t0; };
globalThis.benchTokenizer = (text, config, rounds) => {
  const lib = [], core = [];
  for (let r = 0; r < rounds; r++) {
    lib.push(time(() => new Tokenizer(JSON.parse(text), config).get_vocab()));
    core.push(time(() => { if (!qaTokenizerFromText(text, config)) throw new Error('not core'); }));
  }
  return { lib, core };
};`;

/** Chromium as the e2e harness finds it. */
function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
  if (!found) throw new Error('Chromium not found (set CHROMIUM_PATH).');
  return found;
}

/** Per-round build times in Chromium, transformers.js' tokenizer and the core one interleaved. */
export async function browserBuildTimes(text: string, config: Record<string, unknown>, rounds: number): Promise<{ lib: number[]; core: number[] }> {
  const out = await build({ stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'js' }, bundle: true, write: false, format: 'iife', platform: 'browser' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>tokenizer bench</title>');
    await page.addScriptTag({ content: out.outputFiles[0]?.text ?? '' });
    return await page.evaluate(([t, c, r]) => (globalThis as unknown as { benchTokenizer: (a: string, b: unknown, n: number) => { lib: number[]; core: number[] } }).benchTokenizer(t, c, r), [text, config, rounds] as const);
  } finally {
    await browser.close();
  }
}
