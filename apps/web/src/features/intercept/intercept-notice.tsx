import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../ui/button-styles';

interface InterceptNoticeProps {
  title: string;
  children: ReactNode;
  /** Extra actions shown before the way back to the dashboard, e.g. Try again. */
  actions?: ReactNode;
}

/** What the breathe page says when it cannot offer a session, always with a way back home. */
export function InterceptNotice({ title, children, actions }: InterceptNoticeProps) {
  return (
    <div
      role="status"
      className="breathe-appear flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-surface p-6 text-center shadow-sm"
    >
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <div className="text-sm text-muted">{children}</div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {actions}
        <Link to="/" className={buttonStyles('secondary')}>
          Go to your dashboard
        </Link>
      </div>
    </div>
  );
}
