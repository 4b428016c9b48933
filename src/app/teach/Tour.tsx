/** The guided tour's panel: stop list, explanation, "try it yourself" (ticked when done), previous/next; Escape closes it. */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { openStop, stopDone, TOUR_STOPS } from './tour.ts';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';
import { NeuralOffer } from '../models/NeuralOffer.tsx';
import { TermText } from './Term.tsx';

export function Tour() {
  const step = useApp((s) => s.tourStep);
  const heading = useRef<HTMLHeadingElement>(null);
  const stop = step === null ? null : (TOUR_STOPS[step] ?? null);
  const done = useApp((s) => (stop ? stopDone(stop, s) : false));

  useEffect(() => {
    if (!stop) return;
    openStop(stop);
    // Move focus to the stop's title so a screen reader reads the new stop.
    heading.current?.focus();
  }, [stop]);

  if (!stop || step === null) return <TourNote />;
  const go = (i: number | null) => useApp.getState().setTourStep(i);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      go(null);
      document.querySelector<HTMLElement>('[data-testid="tour-start"]')?.focus();
    }
  };
  const last = step === TOUR_STOPS.length - 1;
  return (
    <section className="tour" data-testid="tour" aria-labelledby="tour-title" onKeyDown={onKey}>
      <nav aria-label="Tour stops">
        <ol className="tour-steps">
          {TOUR_STOPS.map((s, i) => (
            <li key={s.id}>
              <button type="button" aria-current={i === step ? 'step' : undefined} data-testid={`tour-stop-${s.id}`} onClick={() => go(i)}>
                {i + 1}. {s.title}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <h2 id="tour-title" ref={heading} tabIndex={-1} data-testid="tour-title">
        Stop {step + 1} of {TOUR_STOPS.length}: <TermText text={stop.title} />
      </h2>
      <p data-testid="tour-text">
        <TermText text={stop.text} />
      </p>
      <NeuralOffer lang={stop.id === 'chinese' ? 'zh' : 'en'} testid="tour-neural" />
      <div className="try" data-testid="tour-try">
        <strong>Try it yourself:</strong> <TermText text={stop.tryIt} />
        <div aria-live="polite" className={done ? 'try-done' : 'hint'} data-testid="tour-try-status">
          {done ? '✓ Done — see how the answers changed, then go on.' : 'The live view below is yours to change.'}
        </div>
      </div>
      <div className="tour-nav">
        <button type="button" disabled={step === 0} data-testid="tour-prev" onClick={() => go(step - 1)}>
          ← Previous
        </button>
        <button type="button" data-testid="tour-close" onClick={() => go(null)}>
          End the tour
        </button>
        <button type="button" className="primary" data-testid="tour-next" onClick={() => go(last ? null : step + 1)}>
          {last ? 'Finish' : 'Next →'}
        </button>
      </div>
    </section>
  );
}

/** The header's buttons: start the tour, open the failure gallery (with its count). */
export function TeachButtons() {
  const count = useApp((s) => s.failures.length);
  const touring = useApp((s) => s.tourStep !== null);
  const galleryOpen = useApp((s) => s.galleryOpen);
  return (
    <div className="topbar-teach">
      <button type="button" data-testid="tour-start" aria-pressed={touring} onClick={() => useApp.getState().setTourStep(touring ? null : 0)}>
        {touring ? 'End the tour' : 'Take the guided tour'}
      </button>
      <button type="button" data-testid="gallery-toggle" aria-pressed={galleryOpen} onClick={() => useApp.getState().setGalleryOpen(!galleryOpen)}>
        Failure gallery ({count})
      </button>
    </div>
  );
}

/** The one line saying the tour put the learner's own settings back, until dismissed. */
function TourNote() {
  const note = useApp((s) => s.tourNote);
  if (!note) return null;
  return (
    <Notice place="inline" tone="hint" className="tour-note" testid="tour-note" noticeKey={`tour ${note}`} onDismiss={() => useApp.getState().dismissTourNote()}>
      {note}
    </Notice>
  );
}
