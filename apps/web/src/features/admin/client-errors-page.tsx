import type { AdminClientError } from '@stillpoint/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminConsole, ConsolePage } from './admin-console';
import { formatDateTime } from './admin-format';
import { personPath } from './admin-paths';
import { clientErrorsQuery } from './admin-queries';
import { PagedList } from './paged-list';

/** /admin/errors: what broke in people's browsers in the last 30 days, newest first. */
export function ClientErrorsPage() {
  return (
    <AdminConsole>
      <ConsolePage
        title="Errors"
        heading="Errors in browsers"
        lead="Errors people's browsers reported in the last 30 days, newest first."
      >
        <ClientErrors />
      </ConsolePage>
    </AdminConsole>
  );
}

function ClientErrors() {
  const query = useInfiniteQuery(clientErrorsQuery());
  return (
    <PagedList query={query} itemsOf={(page) => page.reports} noun="errors" empty="No errors reported.">
      {(reports) => (
        <ul aria-label="Error reports" className="flex flex-col gap-3">
          {reports.map((report) => (
            <li key={report.id}>
              <ClientErrorReport report={report} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function ClientErrorReport({ report }: { report: AdminClientError }) {
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <h2 className="font-mono text-sm font-semibold break-words text-ink">{report.message}</h2>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
        <span>{formatDateTime(report.at)}</span>
        <span className="break-words">on {report.route}</span>
        <span>release {report.release}</span>
        {report.uid ? (
          <Link to={personPath(report.uid)} className="text-accent underline">
            the person's page
          </Link>
        ) : (
          <span>signed out</span>
        )}
      </p>
      {report.userAgent ? <p className="text-xs break-words text-muted">{report.userAgent}</p> : null}
      {report.stack ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-accent">Stack</summary>
          <pre className="mt-2 overflow-x-auto rounded-xl bg-paper p-3 text-xs text-ink">{report.stack}</pre>
        </details>
      ) : null}
    </article>
  );
}
