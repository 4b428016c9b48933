/** A panel that folds into a drawer (a native <details>, keyboard and screen-reader ready) on phones, and is shown plainly elsewhere. */
import type { ReactNode } from 'react';
import { useNarrow } from './phone.ts';

export function Drawer({ label, testid, children }: { label: string; testid: string; children: ReactNode }) {
  const narrow = useNarrow();
  if (!narrow) return <>{children}</>;
  return (
    <details className="drawer" data-testid={testid}>
      <summary>{label}</summary>
      <div className="drawer-body">{children}</div>
    </details>
  );
}
