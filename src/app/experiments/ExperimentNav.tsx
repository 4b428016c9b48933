/**
 * The Experiments sub-navigation: the families grouped by the question they answer, each experiment
 * a link to its own page (#/experiments/<family>/<experiment>). On a phone it folds into a menu.
 */
import { useEffect, useRef } from 'react';
import { EXPERIMENT_GROUPS, experimentOf } from '../shell/routes.ts';
import { useNarrow } from '../shell/phone.ts';
import { useApp } from '../store/index.ts';
import { RouteLink } from '../shell/MainNav.tsx';

function Links({ current }: { current: string | null }) {
  return (
    <ul className="exp-groups">
      {EXPERIMENT_GROUPS.map((g) => (
        <li key={g.id}>
          <span className="exp-group-title" id={`exp-group-${g.id}`}>
            {g.title}
          </span>
          <ul aria-labelledby={`exp-group-${g.id}`}>
            {g.items.map((i) => {
              const path = `${g.id}/${i.id}`;
              return (
                <li key={i.id}>
                  <RouteLink to={{ section: 'experiments', experiment: path }} current={current === path} testid={`exp-link-${g.id}-${i.id}`}>
                    {i.label}
                  </RouteLink>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function ExperimentNav() {
  const current = useApp((s) => s.route.experiment);
  const narrow = useNarrow();
  const menu = useRef<HTMLDetailsElement>(null);
  // The phone menu closes once a choice is made, so the page it opened is in view.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [current]);
  const here = current ? experimentOf(current) : null;
  if (narrow)
    return (
      <nav aria-label="Experiments" className="exp-nav exp-menu" data-testid="exp-nav">
        <details ref={menu}>
          <summary data-testid="exp-menu">{here ? `${here.group.title}: ${here.item.label}` : 'Choose an experiment'}</summary>
          <Links current={current} />
        </details>
      </nav>
    );
  return (
    <nav aria-label="Experiments" className="exp-nav" data-testid="exp-nav">
      <RouteLink to={{ section: 'experiments', experiment: null }} current={current === null} className="exp-overview-link">
        Overview
      </RouteLink>
      <Links current={current} />
    </nav>
  );
}

/** The Experiments landing page: every family with its question and its experiments. */
export function ExperimentOverview() {
  return (
    <div className="exp-overview" data-testid="exp-overview">
      <h2>Experiments</h2>
      <p className="hint">Each family asks one question of the model. Pick an experiment; it runs on the questions its scope line names, and its result stays on its page.</p>
      {EXPERIMENT_GROUPS.map((g) => (
        <section className="card exp-family" key={g.id} aria-labelledby={`exp-family-${g.id}`}>
          <h3 id={`exp-family-${g.id}`}>{g.title}</h3>
          <p>{g.question}</p>
          <ul className="exp-family-links">
            {g.items.map((i) => (
              <li key={i.id}>
                <RouteLink to={{ section: 'experiments', experiment: `${g.id}/${i.id}` }} current={false}>
                  {i.label}
                </RouteLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
