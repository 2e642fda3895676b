import { messages } from '@stillpoint/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { documentTitle } from '../lib/document-title';
import { env } from '../lib/env';
import { Button } from '../ui/button';
import { buttonStyles } from '../ui/button-styles';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
};

/** Shown when any route fails to load or render; it keeps a way back for the person using it. */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-6 px-6 py-16">
      <title>{documentTitle('Error')}</title>
      <h1 className="text-3xl font-semibold tracking-tight text-ink">{messages.applicationError}</h1>
      <p className="text-muted">
        Something went wrong on our side. Reloading usually fixes it; if not, head back home.
      </p>
      {/* The details help while building; people using the product don't need a stack message. */}
      {env.isProduction ? null : (
        <pre className="overflow-x-auto rounded-xl border border-line bg-surface p-4 text-sm whitespace-pre-wrap wrap-anywhere text-danger">
          {describe(error)}
        </pre>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        {/* A full page load, not a client navigation: a broken app state or stale chunk starts fresh. */}
        <a href="/" className={buttonStyles('secondary')}>
          Back to home
        </a>
      </div>
    </main>
  );
}
