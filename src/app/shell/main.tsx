import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startOfflineSupport } from './pwa.ts';
import './styles.css';
// After styles.css: the tour, gallery, drawers and phone layout refine its rules.
import '../teach/teach.css';
// After both: each section's layout and the navigation.
import './nav.css';
import './controls.css';
import '../charts/charts.css';

startOfflineSupport();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
