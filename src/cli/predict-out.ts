/**
 * predict's output folder, written as predictions finish: run_qa.py's files (predictions.json,
 * nbest_predictions.json, null_odds.json), logits.jsonl and run.json. The run's own files (and
 * temporary files a killed run left) are removed first, so a folder never holds two runs; run.json
 * says "partial" from the start and until every question is written. Each file is written to a
 * temporary file and renamed in place when closed whole on any stop (even a second Ctrl-C),
 * holding the questions that finished; a `kill -9` leaves no file of them rather than a broken one.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { nbestJson, type QaPrediction } from '../core/index.ts';
import { PyJsonMapWriter, TextSink } from './json-out.ts';
import { removeTemps, writeFileAtomic } from './atomic.ts';

/** Every file a predict run writes into its --out folder. */
export const PREDICT_FILES = ['predictions.json', 'nbest_predictions.json', 'null_odds.json', 'logits.jsonl', 'run.json'] as const;

/**
 * Emits (id, prediction) pairs with a Map's semantics over the input order — first position, last
 * value for a repeated id — as predictions finish in input order: an id waits for its last
 * occurrence, and the ids after it wait with it (none wait when ids are unique). With unique ids
 * (every importer drops repeats) nothing per question is kept: a 200 MB file has millions.
 */
export class OrderedById {
  /** Repeated ids only: each id's last position and the ids in first-position order; null when ids are unique. */
  private readonly repeats: { last: Map<string, number>; slots: string[] } | null = null;
  private readonly ready = new Map<string, QaPrediction>();
  private nextSlot = 0;
  /** How many distinct ids there are. */
  readonly unique: number;

  /** `ids`: every question's id, in input order. */
  constructor(
    ids: readonly string[],
    private readonly emit: (p: QaPrediction) => void,
  ) {
    this.unique = new Set(ids).size;
    if (this.unique === ids.length) return;
    const last = new Map<string, number>();
    const slots: string[] = [];
    ids.forEach((id, k) => {
      if (!last.has(id)) slots.push(id);
      last.set(id, k);
    });
    this.repeats = { last, slots };
  }

  /** Takes the prediction of question `k` (input order) and emits what can go out. */
  add(k: number, p: QaPrediction): void {
    if (!this.repeats) return this.emit(p);
    if (this.repeats.last.get(p.id) !== k) return; // a later question with this id has the last word
    this.ready.set(p.id, p);
    this.drain(this.repeats.slots);
  }

  /** Emits the next slots while their prediction is there. */
  private drain(slots: readonly string[]): void {
    for (let id = slots[this.nextSlot]; id !== undefined; id = slots[this.nextSlot]) {
      const p = this.ready.get(id);
      if (!p) return;
      this.ready.delete(id);
      this.nextSlot++;
      this.emit(p);
    }
  }

  /** On a stop: emits every finished prediction still waiting, in order (ids not finished are left out). */
  flush(): void {
    const slots = this.repeats?.slots ?? [];
    for (; this.nextSlot < slots.length; this.nextSlot++) {
      const p = this.ready.get(slots[this.nextSlot] as string);
      if (p) this.emit(p);
    }
    this.ready.clear();
  }
}

/** What run.json holds beside the record and command. */
export interface RunStatus {
  /** True until every question's prediction is written (a run stopped or killed stays partial). */
  partial: boolean;
  /** Questions with a prediction in the files, of `questions`. */
  answered: number;
  questions: number;
  /** Why the run is partial, e.g. 'interrupted (Ctrl-C)'; absent when complete. */
  stopped?: string;
}

/** The files of one predict run, opened in `dir` after the previous run's are removed. */
export class PredictFolder {
  private readonly preds: PyJsonMapWriter;
  private readonly nbest: PyJsonMapWriter;
  private readonly nullOdds: PyJsonMapWriter | null;
  private readonly logits: TextSink | null;
  private closed = false;
  answered = 0;

  constructor(
    private readonly dir: string,
    versionTwo: boolean,
    dumpLogits: boolean,
    private readonly head: Record<string, unknown>,
    private readonly questions: number,
  ) {
    for (const f of PREDICT_FILES) rmSync(join(dir, f), { force: true });
    removeTemps(dir, PREDICT_FILES);
    this.writeRun({ partial: true, answered: 0, questions, stopped: 'not finished (still running, or killed)' });
    this.preds = new PyJsonMapWriter(join(dir, 'predictions.json'), 4);
    this.nbest = new PyJsonMapWriter(join(dir, 'nbest_predictions.json'), 4);
    this.nullOdds = versionTwo ? new PyJsonMapWriter(join(dir, 'null_odds.json'), 4) : null;
    this.logits = dumpLogits ? new TextSink(join(dir, 'logits.jsonl')) : null;
  }

  /** Writes one question's entries, as run_qa.py would. */
  add(p: QaPrediction): void {
    this.preds.add(p.id, p.text);
    this.nbest.add(p.id, p.nbest.map(nbestJson));
    this.nullOdds?.add(p.id, p.nullScoreDiff ?? 0);
    this.answered++;
  }

  /** Appends lines to logits.jsonl (when dumped). */
  logitLine(line: string): void {
    this.logits?.write(line);
  }

  /** Closes every file whole and writes run.json with the status (once). */
  close(stopped: string | null): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of [this.preds, this.nbest, this.nullOdds, this.logits]) w?.close();
    // Unique ids answered out of unique ids asked: complete only when nothing was stopped.
    this.writeRun({ partial: stopped !== null, answered: this.answered, questions: this.questions, ...(stopped === null ? {} : { stopped }) });
  }

  private writeRun(status: RunStatus): void {
    writeFileAtomic(join(this.dir, 'run.json'), `${JSON.stringify({ ...this.head, ...status }, null, 2)}\n`);
  }
}
