/** A seed field: any whole number 0…2^53 − 1; anything else is shown as an error beside it and not applied. */
import { useId, useState } from 'react';
import { parseSeed } from '../../core/random.ts';

/** Props: the applied seed, what to call with a valid new one, and an optional test id. */
export interface SeedInputProps {
  value: number;
  onChange: (seed: number) => void;
  testid?: string;
}

/** The field keeps what was typed, so a bad seed stays visible with its error instead of silently becoming 0. */
export function SeedInput({ value, onChange, testid }: SeedInputProps) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The seed can change from outside (Re-roll): show it, dropping a half-typed value.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const parsed = parseSeed(text);
  const error = 'error' in parsed ? parsed.error : null;
  // The error names the input it belongs to, so a screen reader reads it with the field.
  const errorId = useId();
  return (
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
          const r = parseSeed(e.target.value);
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
}
