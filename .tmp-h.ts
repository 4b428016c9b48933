import { readFileSync } from 'node:fs';
import { evaluateV2 } from './src/core/metrics/squad.ts';
import { readPredictions } from './src/core/formats/predictions.ts';
const data = JSON.parse(readFileSync('.cache/bench-cli/squad2-6000.json', 'utf8'));
const preds = readPredictions(readFileSync('.cache/bench-cli/squad2-6000.pred.json', 'utf8'), 'p');
const t = performance.now();
evaluateV2(data, preds, undefined, 1, { pySum: 'legacy' });
console.log((performance.now() - t).toFixed(1));
