import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { evaluateV2 } from './src/core/metrics/squad.ts';
import { readPredictions } from './src/core/formats/predictions.ts';
const data = JSON.parse(readFileSync('.cache/bench-cli/squad2-6000.json', 'utf8'));
const preds = readPredictions(readFileSync('.cache/bench-cli/squad2-6000.pred.json', 'utf8'), 'p');
const s = new Session(); s.connect();
s.post('Profiler.enable'); s.post('Profiler.setSamplingInterval', { interval: 50 }); s.post('Profiler.start');
const t = performance.now();
evaluateV2(data, preds, undefined, 1, { pySum: 'legacy' });
const el = performance.now() - t;
s.post('Profiler.stop', (e, { profile }) => {
  writeFileSync('/tmp/prof-ev/x.cpuprofile', JSON.stringify(profile));
  console.log(el.toFixed(1));
});
