import { type ClientErrorReport, MAX_REPORTS_PER_PAGE, reportOfError, reportOfRejection } from './report';

/** The sending, loaded with the first report (docs/observability.md, "Errors from browsers"). */
const loadSender = () => import('./send');

/**
 * Listens for the page's uncaught errors and unhandled rejections and reports each distinct one,
 * at most MAX_REPORTS_PER_PAGE a page load, as the visitor's cookie choice allows. The listening is
 * all that the first screen carries; nothing here throws, and a report that cannot be sent is
 * dropped without a word, so the reporter never reports itself. Returns the uninstall.
 */
export function installErrorReporting(
  target: Window = window,
  send: (report: ClientErrorReport) => Promise<void> = (report) =>
    loadSender().then(({ sendReport }) => sendReport(report)),
): () => void {
  const reported = new Set<string>();
  const take = (report: ClientErrorReport | null) => {
    if (!report || reported.size >= MAX_REPORTS_PER_PAGE) return;
    const key = `${report.kind}\n${report.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    // Offline, blocked or the chunk gone after a release: dropped.
    send(report).catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => {
    try {
      take(reportOfError(event, target.location.pathname));
    } catch {
      // Whatever went wrong here is not the page's error.
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    try {
      take(reportOfRejection(event, target.location.pathname));
    } catch {
      // As above.
    }
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
