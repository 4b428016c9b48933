/** "Skip to the question": the first Tab stop of the page, straight to the live view's question field. */
import type { MouseEvent } from 'react';
import { useApp } from '../store/index.ts';

/** Focuses the question field, opening the live view first when another view shows. */
function skipToQuestion(e: MouseEvent<HTMLAnchorElement>): void {
  e.preventDefault(); // no #fragment in the URL: links of the page keep theirs
  if (useApp.getState().route.section !== 'live') useApp.getState().navigate({ section: 'live', experiment: null });
  const focus = () => {
    const q = document.getElementById('question-input');
    if (!q) return false;
    q.focus();
    q.scrollIntoView({ block: 'center' });
    return true;
  };
  if (!focus()) requestAnimationFrame(() => void focus());
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#question-input" data-testid="skip-link" onClick={skipToQuestion}>
      Skip to the question
    </a>
  );
}
