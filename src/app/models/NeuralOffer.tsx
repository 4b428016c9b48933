/**
 * Where the tour and the failure gallery show the shipped lexical baseline: what it really does, and
 * (online) a button that loads a neural Hub model to compare, with its download size; offline it
 * says that a neural model needs the network.
 */
import { formatBytes } from '../../core/text/bytes.ts';
import { neuralForComparison, networkNote, SHIPPED_MODEL_ID } from './models.ts';
import { useOnline } from '../shell/online.ts';
import { useApp } from '../store/index.ts';
import { Term, TermText } from '../teach/Term.tsx';

/** What the shipped baseline does, in one sentence (the tour and gallery say the same). */
export const BASELINE_SAYS =
  'picks the span nearest the question’s words whose kind (capitalised name, number, date) fits the question word; it has learned nothing, so it has no memorised names to lose, and on Chinese it only picks a run of characters near those the question shares.';

/** The baseline's line and the offer of a neural model; nothing when a neural model is already active. */
export function NeuralOffer({ lang = 'en', testid }: { lang?: 'en' | 'zh'; testid: string }) {
  const online = useOnline();
  const modelId = useApp((s) => s.model?.id ?? null);
  const loading = useApp((s) => s.modelStatus === 'loading');
  if (modelId !== null && modelId !== SHIPPED_MODEL_ID) return null;
  const m = neuralForComparison(lang);
  return (
    <p className="hint neural-offer" data-testid={testid}>
      This runs on the shipped <Term k="lexical baseline" />, which {BASELINE_SAYS}{' '}
      {online ? (
        <>
          {/* The model's name and download go in running text (with their glossary help: SQuAD 1.1, q8, the Hub), not inside the button, where no help fits. */}
          <TermText text={`To compare, ${m.title} ${networkNote(m, true, 'the Hugging Face Hub', formatBytes).replace(/^Needs the network: d/, 'd')}`} />{' '}
          <button type="button" className="small" disabled={loading} data-testid={`${testid}-load`} aria-label={`Load it to compare: ${m.title}`} onClick={() => useApp.getState().loadModel({ kind: 'hub', id: m.id })}>
            Load it to compare
          </button>
        </>
      ) : (
        <span data-testid={`${testid}-offline`}>
          <TermText text={`Comparing with a neural model (${m.title}) needs the network: you are offline.`} />
        </span>
      )}
    </p>
  );
}
