/**
 * The one notice of the app (issue 41.4): banners, toasts and inline notes all render through it,
 * so each has a Dismiss button and goes with Escape (notice-stack.ts), or, when `onDismiss` is
 * left out, is held only by its cause (a running import's line) and goes when that ends.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { pushNotice } from './notice-stack.ts';

/** How a notice looks: a banner under the header, a toast in the corner, or a line in its panel. */
export type NoticeTone = 'error' | 'warn' | 'note' | 'success' | 'host' | 'update' | 'hint';

export interface NoticeProps {
  /** What it says; its actions (links, buttons) go in `actions`. */
  children: ReactNode;
  actions?: ReactNode;
  /** Takes the notice away (clears its cause in the store); without it the notice has no close and Escape passes it by. */
  onDismiss?: () => void;
  /** Shown as a banner, a toast or an inline line. */
  place: 'banner' | 'toast' | 'inline';
  tone: NoticeTone;
  /** 'alert' for what went wrong; the rest are read politely. */
  role?: 'alert' | 'status' | 'note';
  testid?: string;
  /** Extra class names (e.g. a panel's own layout). */
  className?: string;
  /** Identifies the notice in the stack (its text, say), so a changed notice counts as a new one. */
  noticeKey: string;
}

/** The classes of each place and tone, as the style sheets know them. */
function classesOf(place: NoticeProps['place'], tone: NoticeTone): string {
  if (place === 'banner') return `notice banner banner-${tone === 'error' ? 'warn' : tone}`;
  if (place === 'toast') return `notice toast ${tone === 'warn' ? 'note' : tone}`;
  return `notice notice-inline ${tone === 'warn' ? 'note' : tone}`;
}

export function Notice({ children, actions, onDismiss, place, tone, role = 'status', testid, className, noticeKey }: NoticeProps) {
  const box = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  // The latest Dismiss, for the Escape handler registered once per notice.
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  const closable = onDismiss !== undefined;
  useEffect(() => {
    if (!closable) return undefined;
    return pushNotice({ key: noticeKey, dismiss: () => dismiss.current?.(), holds: (el) => el !== null && box.current?.contains(el) === true });
  }, [closable, noticeKey]);
  return (
    <div ref={box} className={`${classesOf(place, tone)}${className ? ` ${className}` : ''}`} role={role} data-testid={testid}>
      <span className="notice-text">{children}</span>
      {(actions || closable) && ' '}
      {(actions || closable) && (
        <span className="notice-actions">
          {actions}
          {closable && (
            <button type="button" className="link notice-close" title="Dismiss (Escape)" onClick={onDismiss}>
              Dismiss
            </button>
          )}
        </span>
      )}
    </div>
  );
}
