/** qarx card --audit DIR [--model NAME] [--config audit.json] [--out FILE]: a Hugging Face model card "Robustness" section with model-index metadata. */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { robustnessCard, type HubDataset } from '../../core/audit/card.ts';
import { readAuditFile } from '../../core/audit/format.ts';
import { parseJson } from '../../core/formats/json.ts';
import { parseConfigText } from '../audit/config.ts';
import { ciNote } from '../audit/summary.ts';
import { err, out, readText, UsageError } from '../io.ts';
import { writeFileAtomic } from '../atomic.ts';

/** The Hub dataset of each dataset the config names one for (its datasets[].hub), by the dataset's name. */
function hubDatasets(configFile: string): Map<string, HubDataset> {
  const config = parseConfigText(readText(configFile), configFile);
  return new Map(config.datasets.flatMap((d) => (d.hub ? [[d.name, d.hub] as const] : [])));
}

/** Runs `qarx card` and returns the exit code (1 when the metadata breaks the Hub's model-index rules). */
export async function card(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { audit: { type: 'string' }, model: { type: 'string' }, out: { type: 'string' }, config: { type: 'string' } } });
  if (positionals.length || !values.audit) throw new UsageError('card needs --audit <results dir> (a finished qarx audit).');
  const file = join(values.audit, 'summary.json');
  const f = readAuditFile(parseJson(readText(file), file), file);
  if (f.type !== 'summary') throw new UsageError(f.type === 'error' ? f.error : `${file}: not an audit summary.`);
  const hub = values.config === undefined ? new Map<string, HubDataset>() : hubDatasets(values.config);
  const { text, problems, warnings } = robustnessCard(f.summary, { model: values.model, hub, config: values.config ?? 'audit.json', out: values.audit, ciNote: (m) => ciNote(m.overview) });
  for (const w of warnings) err(`qarx: card: warning: ${w}\n`);
  if (problems.length) {
    err(`qarx: card: the model-index metadata breaks the Hub's rules:\n  ${problems.join('\n  ')}\n`);
    return 1;
  }
  if (values.out) {
    writeFileAtomic(values.out, text);
    err(`card: wrote ${values.out}\n`);
  } else out(text);
  return 0;
}
