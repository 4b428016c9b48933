/**
 * The "confidence intervals" setting beside an experiment's Run button: on by default (a researcher
 * reading a drop needs to know whether it is more than chance, and the worker computes it in well
 * under a second), with its number of resamples and seed — the `--ci --bootstrap N --seed S` of the qarx command.
 */
import { Term } from '../teach/Term.tsx';
import { useApp } from '../store/index.ts';
import { useState } from 'react';
import { ciRunBlock, MAX_BOOTSTRAP } from '../store/ci-slice.ts';
import { bootstrapError, MIN_BOOTSTRAP } from '../../core/stats/index.ts';
import { useSeedField } from '../experiments/SeedInput.tsx';

/** The shared CI setting, shown on each card that computes statistics; `testid` prefixes its controls. */
export function CiControl({ testid }: { testid: string }) {
  const c = useApp((s) => s.ciSettings);
  const set = useApp.getState().setCiSettings;
  const ciSeedText = useApp((s) => s.ciSeedText);
  // One text for every card's CI seed field: a bad one shows on each, and every Run waits for it (useCiError).
  const seed = useSeedField({ value: c.seed, testid: `${testid}-ci-seed`, name: 'CI seed', onChange: (v) => set({ seed: v }), shared: { text: ciSeedText, setText: useApp.getState().setCiSeedText } });
  // The typed number stays visible with its error; a valid one is applied, an invalid one turns every Run off (ciBError).
  const [bText, setBText] = useState(String(c.bootstrap));
  const bError = useApp((s) => s.ciBError);
  return (
    <span className="ci-control" role="group" aria-label="Confidence intervals" data-testid={`${testid}-ci-control`}>
      <label className="toggle">
        <input type="checkbox" checked={c.on} data-testid={`${testid}-ci`} onChange={(e) => set({ on: e.target.checked })} /> <Term k="CI">confidence intervals</Term> and{' '}
        <Term k="p-value">p-values</Term>
      </label>
      {c.on && (
        <>
          <label>
            <Term k="bootstrap">resamples</Term>{' '}
            <input
              type="number"
              min={MIN_BOOTSTRAP}
              max={MAX_BOOTSTRAP}
              step={100}
              value={bError ? bText : c.bootstrap}
              className="seed"
              data-testid={`${testid}-ci-b`}
              aria-invalid={bError !== null}
              onChange={(e) => {
                setBText(e.target.value);
                const b = Number(e.target.value);
                const bad = e.target.value.trim() === '' ? 'The number of bootstrap resamples is empty.' : bootstrapError(b, MAX_BOOTSTRAP);
                useApp.getState().setCiBError(bad);
                if (!bad && b !== c.bootstrap) set({ bootstrap: b });
              }}
            />
          </label>
          {bError && (
            <span className="field-error" role="alert" data-testid={`${testid}-ci-b-error`}>
              {bError} Not run until it is fixed.
            </span>
          )}
          <label>CI seed {seed.input}</label>
        </>
      )}
    </span>
  );
}

/** Why Run waits for the CI setting (a bad CI seed or B, while intervals are on), or null: every card with a CiControl keeps Run off meanwhile. */
export function useCiError(): string | null {
  return useApp(ciRunBlock);
}
