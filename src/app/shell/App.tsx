/** The app shell: header with the runtime status, the model panel and the live view. */
import { Term } from '../teach/Term.tsx';
import { lazy, Suspense, useEffect } from 'react';
import { ModelPanel } from '../models/ModelPanel.tsx';
import { ModelsPanel } from '../models/ModelsPanel.tsx';
import { LiveView } from '../live/LiveView.tsx';
import { DataPanel } from '../data/DataPanel.tsx';
import { ScoringSelect } from '../models/ScoringSelect.tsx';
import { InstanceBrowser } from '../data/InstanceBrowser.tsx';
import { sendData } from '../workers/data-client.ts';
import { RuntimeBadge } from '../models/RuntimeBadge.tsx';
import { Drawer } from './Drawer.tsx';
import { TeachButtons, Tour } from '../teach/Tour.tsx';
import { Gallery } from '../results/Gallery.tsx';
import { StatusBanners } from './StatusBanners.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';
import { SkipLink } from './SkipLink.tsx';
import { MainNav } from './MainNav.tsx';
import { Toasts } from './Toasts.tsx';
import { followRoutes } from '../store/nav-slice.ts';
import { GlossaryLink } from '../teach/GlossaryView.tsx';
import { STARTUP_MODEL, startupSettings } from './startup.ts';
import { watchImports } from '../data/import-marker.ts';
import { useApp } from '../store/index.ts';
import { permalinkFromHash, watchPermalinks } from '../results/permalink-state.ts';
import { keepLastQuestion } from '../live/last-question.ts';

// Charts load with the experiments view, not with the page.
const ExperimentsView = lazy(() => import('../experiments/ExperimentsView.tsx').then((m) => ({ default: m.ExperimentsView })));
// The validation queue and its storage load with its view.
const ValidateView = lazy(() => import('../validate/ValidateView.tsx').then((m) => ({ default: m.ValidateView })));

/** Under the Data view's question list: the picked question, and a way to open it in the live view. */
function OpenSelected() {
  const inst = useApp((s) => s.instance);
  if (!inst) return null;
  return (
    <p className="open-selected" data-testid="open-selected">
      <span className="hint">Picked: {inst.question}</span>
      <button type="button" className="primary" data-testid="open-selected-live" onClick={() => useApp.getState().navigate({ section: 'live', experiment: null })}>
        Open in Live
      </button>
    </p>
  );
}

export function App() {
  const section = useApp((s) => s.route.section);
  useEffect(() => {
    // Test builds only: in a production build the flag is false and the hooks' module is not bundled.
    if (__QARX_TEST_HOOKS__) void import('./test-hooks.ts').then((m) => m.installTestHooks());
    const { device, hub, wiki, wikiBudgetMs } = startupSettings();
    const s = useApp.getState();
    useApp.setState({ deviceChoice: device, ...(wiki ? { wikiApi: wiki } : {}), ...(wikiBudgetMs ? { wikiBudgetMs } : {}) });
    s.setRemoteHost(hub);
    // A permalink in the hash picks the model, so the shipped one is not loaded first for nothing.
    // Without one, the worker is already loading STARTUP_MODEL (boot.ts) and this load adopts it.
    const link = permalinkFromHash();
    s.loadModel(link && 'link' in link ? link.link.models[0]! : STARTUP_MODEL);
    sendData({ type: 'init' });
    // Without a link in the address bar, a reload reopens the question this tab had open.
    const stopKeeping = keepLastQuestion(!link);
    // An import this tab's reload interrupted is said, not silently lost.
    const stopMarking = watchImports();
    const stopWatching = watchPermalinks(link);
    const stopRoutes = followRoutes((r) => useApp.getState().navigate(r, { fromUrl: true }));
    return () => {
      stopKeeping();
      stopMarking();
      stopWatching();
      stopRoutes();
    };
  }, []);

  return (
    <div className="shell">
      <SkipLink />
      <header className="topbar">
        <div className="brand">
          <h1>
            <Term k="extractive-qa">QA</Term> Robustness Explorer
          </h1>
          <p>Where do extractive question-answering models break? Edit a passage and watch the answer.</p>
        </div>
        <div className="topbar-actions">
          <TeachButtons />
          <div className="topbar-teach">
            <GlossaryLink />
          </div>
          <RuntimeBadge />
        </div>
      </header>
      <UpdateBanner />
      <StatusBanners />
      <MainNav />
      <main className={`layout route-${section}`}>
        <div className="teach-row">
          <Tour />
          <Gallery />
        </div>
        {section === 'data' && (
          <section className="data-pane" aria-label="Data">
            <DataPanel />
            <ScoringSelect />
          </section>
        )}
        {section === 'models' && (
          <section className="models-pane" aria-label="Models">
            <ModelPanel />
            <ModelsPanel />
          </section>
        )}
        {(section === 'data' || section === 'live') && (
          // In Data, a question clicked in the list opens in Live (arrow keys only move the pick; "Open in Live" opens it).
          <section className="browse" aria-label="Questions" onClick={(e) => section === 'data' && (e.target as Element).closest('[role="option"]') && useApp.getState().navigate({ section: 'live', experiment: null })}>
            {section === 'live' ? (
              <Drawer label="Questions" testid="drawer-questions">
                <InstanceBrowser />
              </Drawer>
            ) : (
              <>
                <InstanceBrowser />
                <OpenSelected />
              </>
            )}
          </section>
        )}
        {section === 'live' && (
          <section className="content" id="view-panel">
            <LiveView />
          </section>
        )}
        {section === 'experiments' && (
          <section className="content" id="view-panel">
            <Suspense fallback={<p className="hint">Loading the experiments view…</p>}>
              <ExperimentsView />
            </Suspense>
          </section>
        )}
        {section === 'validate' && (
          <section className="content" id="view-panel">
            <Suspense fallback={<p className="hint">Loading the validation queue…</p>}>
              <ValidateView />
            </Suspense>
          </section>
        )}
      </main>
      <Toasts />
    </div>
  );
}
