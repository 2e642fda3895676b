import { Button } from './button';

interface LoadErrorProps {
  /** What could not be loaded, in the person's terms. */
  message: string;
  /** The server's reason, when it gave one. */
  detail?: string;
  retrying?: boolean;
  onRetry(): void;
}

/** A part of a page that failed to load, with a way to try again. */
export function LoadError({ message, detail, retrying = false, onRetry }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-danger/20 bg-danger/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold text-ink">{message}</p>
        {detail ? <p className="text-sm text-muted">{detail}</p> : null}
      </div>
      <Button variant="secondary" onClick={onRetry} loading={retrying} className="shrink-0">
        Try again
      </Button>
    </div>
  );
}
