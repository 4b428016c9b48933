/**
 * What produced a CLI result, for the --json outputs of the model-running commands: the app's run
 * record (data, N, model, dtype, device, "no answer", scoring, settings with seeds, date) and the
 * command line that produced it, so a saved JSON file says how to run it again.
 */
import { basename } from 'node:path';
import { shellQuote, type RunRecord } from '../core/results/run-record.ts';
import type { NoAnswerDecision } from '../core/data/no-answer.ts';

/** The command line of this run as a POSIX shell reads it back, e.g. cliCommand('sweep', ['a b.json']) === "qarx sweep 'a b.json'". */
export function cliCommand(cmd: string, argv: readonly string[]): string {
  return ['qarx', cmd, ...argv].map(shellQuote).join(' ');
}

/** Facts of a CLI run that its record needs. */
export interface CliRun {
  /** Data files as given on the command line. */
  data: readonly string[];
  /** Questions the experiment ran on. */
  n: number;
  /** The --model argument, and the precision and device it loaded on. */
  model: string;
  dtype: string;
  device: string;
  /** The dataset's no-answer decision under the command's flags (cli/no-answer.ts). */
  noAnswer: NoAnswerDecision;
  lang: 'auto' | 'en' | 'zh';
  settings: Record<string, unknown>;
}

/** The run record of a CLI run, e.g. cliRecord({ data: ['dev.json'], n: 3, … }).datasets → ['dev.json']. */
export function cliRecord(r: CliRun): RunRecord {
  return {
    datasets: r.data.map((d) => basename(d)),
    n: r.n,
    selected: r.n,
    query: '',
    filters: {},
    model: r.model,
    dtype: r.dtype,
    device: r.device,
    versionTwo: r.noAnswer.versionTwo,
    versionTwoReason: r.noAnswer.reason,
    scoringLang: r.lang,
    settings: r.settings,
    date: new Date().toISOString(),
  };
}
