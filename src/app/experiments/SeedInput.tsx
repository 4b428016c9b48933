/** A seed field: any whole number 0…2^53 − 1; anything else is shown as an error beside it and not applied. */
import { useId, useState, type ReactElement } from 'react';
import { parseSeed } from '../../core/text/random.ts';

/** Props: the applied seed, what to call with a valid new one, and an optional test id. */
export interface SeedInputProps {
  value: number;
  onChange: (seed: number) => void;
  testid?: string;
  /** A field whose text lives in the store (the CI seed, shared by every card): its text (null: the seed applied) and setter, which applies a valid seed. */
  shared?: { text: string | null; setText: (text: string) => void };
  /** The seed's name in its error, e.g. 'CI seed'. */
  name?: string;
}

/**
 * A seed field and its error for a card with a Run button, e.g.
 * `const seed = useSeedField({ value, onChange, testid }); … {seed.input} <button disabled={seed.error !== null}>`:
 * while the typed text is not a valid seed, the card must not run with the last valid one.
 */
export function useSeedField({ value, onChange, testid, shared, name = 'seed' }: SeedInputProps): { input: ReactElement; error: string | null } {
  // The field keeps what was typed, so a bad seed stays visible with its error instead of silently becoming 0.
  const [own, setOwn] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The seed can change from outside (Re-roll): show it, dropping a half-typed value.
  if (!shared && shown !== value) {
    setShown(value);
    setOwn(String(value));
  }
  const text = shared ? (shared.text ?? String(value)) : own;
  const setText = shared ? shared.setText : setOwn;
  const parsed = parseSeed(text, name);
  const error = 'error' in parsed ? parsed.error : null;
  // The error names the input it belongs to, so a screen reader reads it with the field.
  const errorId = useId();
  const input = (
    <>
      <input
        type="text"
        inputMode="numeric"
        className="seed"
        value={text}
        data-testid={testid}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        title={error ?? undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (shared) return; // the store applies a valid one
          const r = parseSeed(e.target.value, name);
          if ('seed' in r && r.seed !== value) {
            setShown(r.seed);
            onChange(r.seed);
          }
        }}
      />
      {error && (
        <span className="field-error" role="alert" id={errorId} data-testid={testid ? `${testid}-error` : undefined}>
          {error}
        </span>
      )}
    </>
  );
  return { input, error };
}

/** A seed field for live views (no Run button): the error shows beside it and the last valid seed stays applied. */
export function SeedInput(props: SeedInputProps) {
  return useSeedField(props).input;
}

/** Beside a Run button disabled by a bad seed: why it is off, its own seed's or the CI seed's, e.g. <SeedBlocked error={seed.error} ci={ciSeed} testid="universal-run" />. */
export function SeedBlocked({ error, ci = null, testid }: { error: string | null; ci?: string | null; testid: string }) {
  if (!error && !ci) return null;
  return (
    <span className="field-error" data-testid={`${testid}-blocked`}>
      {error ? 'Not run: fix the seed first.' : ci}
    </span>
  );
}
