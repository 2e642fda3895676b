import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { documentTitle } from '../../lib/document-title';
import { LoadError } from '../../ui/load-error';
import { PageSpinner } from '../../ui/page-spinner';
import { errorText, isForbidden } from './admin-api';
import { AdminForbidden } from './admin-forbidden';
import { AdminHeader } from './admin-header';
import { adminSelfQuery } from './admin-queries';

/**
 * The frame of every console page: its header, and the page only once the server has said the
 * signed-in person is an admin. Anyone else gets the forbidden page; the server refuses their
 * calls anyway, so nothing here is a secret kept by the browser.
 */
export function AdminConsole({ children }: { children: ReactNode }) {
  const self = useQuery(adminSelfQuery());
  const forbidden = self.isError && isForbidden(self.error);
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminHeader withNavigation={self.isSuccess} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 md:py-10">
        {self.isSuccess ? (
          children
        ) : forbidden ? (
          <AdminForbidden />
        ) : self.isError ? (
          <LoadError
            message="We couldn't open the support console."
            detail={errorText(self.error)}
            retrying={self.isFetching}
            onRetry={() => void self.refetch()}
          />
        ) : (
          <PageSpinner label="Checking your access" />
        )}
      </main>
    </div>
  );
}

interface ConsolePageProps {
  /** The tab title's page part, e.g. 'Feedback'. */
  title: string;
  heading: ReactNode;
  /** A line under the heading. */
  lead?: ReactNode;
  children: ReactNode;
}

/** A console page's tab title, heading and content. */
export function ConsolePage({ title, heading, lead, children }: ConsolePageProps) {
  return (
    <>
      <title>{consoleTitle(title)}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-ink break-words sm:text-3xl">{heading}</h1>
      {lead ? <div className="mt-2 text-muted">{lead}</div> : null}
      <div className="mt-6 flex flex-col gap-8">{children}</div>
    </>
  );
}

/** A console page's tab title: `Feedback · Support console · Stillpoint`. */
export const consoleTitle = (page: string): string => documentTitle(`${page} · Support console`);
