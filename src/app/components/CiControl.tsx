/**
 * The "confidence intervals" setting beside an experiment's Run button: on by default (a researcher
 * reading a drop needs to know whether it is more than chance, and the worker computes it in well
 * under a second), with its resamples B and seed — the `--ci --bootstrap N --seed S` of the qarx command.
 */
import { Term } from './Term.tsx';
import { useApp } from '../store/index.ts';
import { ciSeedError, MAX_BOOTSTRAP } from '../store/ci-slice.ts';
import { useSeedField } from './SeedInput.tsx';

/** The shared CI setting, shown on each card that computes statistics; `testid` prefixes its controls. */
export function CiControl({ testid }: { testid: string }) {
  const c = useApp((s) => s.ciSettings);
  const set = useApp.getState().setCiSettings;
  const ciSeedText = useApp((s) => s.ciSeedText);
  // One text for every card's CI seed field: a bad one shows on each, and every Run waits for it (useCiSeedError).
  const seed = useSeedField({ value: c.seed, testid: `${testid}-ci-seed`, name: 'CI seed', onChange: (v) => set({ seed: v }), shared: { text: ciSeedText, setText: useApp.getState().setCiSeedText } });
  return (
    <span className="ci-control" role="group" aria-label="Confidence intervals" data-testid={`${testid}-ci-control`}>
      <label className="toggle">
        <input type="checkbox" checked={c.on} data-testid={`${testid}-ci`} onChange={(e) => set({ on: e.target.checked })} /> <Term k="CI">confidence intervals</Term> and{' '}
        <Term k="p-value">p</Term>
      </label>
      {c.on && (
        <>
          <label>
            <Term k="bootstrap">B</Term>{' '}
            <input
              type="number"
              min={100}
              max={MAX_BOOTSTRAP}
              step={100}
              value={c.bootstrap}
              className="seed"
              data-testid={`${testid}-ci-b`}
              onChange={(e) => set({ bootstrap: Math.min(MAX_BOOTSTRAP, Math.max(100, Math.floor(Number(e.target.value) || 1000))) })}
            />
          </label>
          <label>CI seed {seed.input}</label>
        </>
      )}
    </span>
  );
}

/** The CI seed's error while its field holds no valid seed (and intervals are on): every card with a CiControl keeps Run off meanwhile. */
export function useCiSeedError(): string | null {
  return useApp(ciSeedError);
}
