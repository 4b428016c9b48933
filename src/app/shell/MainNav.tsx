/** The top navigation: Data, Models, Live, Experiments — links to hash routes, so the address bar says where one is and Back works. */
import type { MouseEvent, ReactNode } from 'react';
import { routeHash, SECTION_LABELS, SECTIONS, type Route } from './routes.ts';
import { useApp } from '../store/index.ts';

/** A link to a route: a real href (open in a new tab works), handled in place so the store follows at once. */
export function RouteLink({ to, current, className, testid, children }: { to: Route; current: boolean; className?: string; testid?: string; children: ReactNode }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // the browser's own new tab / window
    e.preventDefault();
    useApp.getState().navigate(to);
  };
  return (
    <a href={routeHash(to)} aria-current={current ? 'page' : undefined} className={className} data-testid={testid} onClick={go}>
      {children}
    </a>
  );
}

/** Keeps the old test ids of the two views that were tabs (tab-live, tab-experiments); the others are nav-<section>. */
const TESTID: Record<string, string> = { live: 'tab-live', experiments: 'tab-experiments' };

export function MainNav() {
  const section = useApp((s) => s.route.section);
  const running = useApp((s) => [s.sweep, s.budget, s.natural, s.synthetic, s.universal, s.paraphrase].some((j) => j.status === 'running'));
  return (
    <nav className="main-nav" aria-label="Main" data-testid="main-nav">
      <ul>
        {SECTIONS.map((sec) => (
          <li key={sec}>
            <RouteLink to={{ section: sec, experiment: null }} current={section === sec} testid={TESTID[sec] ?? `nav-${sec}`}>
              {SECTION_LABELS[sec]}
              {sec === 'experiments' && running ? <span aria-label=" (running)"> ⋯</span> : null}
            </RouteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
