import {
  EXTENSION_VERSION_PARAM,
  FEEDBACK_MAX_LENGTH,
  INSTALL_REF_PARAM,
  readUninstallContext,
  UNINSTALL_REASONS,
  type UninstallReason,
  webPageTitle,
} from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, ExternalLink } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../lib/api';
import { brand } from '../../lib/brand';
import { useExtensionStorePage } from '../../lib/extension-store';
import { Footer } from '../../lib/footer/footer';
import { usePress } from '../../lib/use-press';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';

/**
 * Extension-uninstall feedback (SPEC §2 /uninstall-chrome-extension): why the extension was
 * removed, with the reasons of SPEC §9 and optional words, sent to the team with what the
 * extension's uninstall address carried (its version, and for someone signed in an opaque
 * reference); then thanks.
 */
export function UninstallFeedbackPage() {
  const [search] = useSearchParams();
  const context = useMemo(
    () =>
      readUninstallContext({ v: search.get(EXTENSION_VERSION_PARAM), ref: search.get(INSTALL_REF_PARAM) }),
    [search],
  );
  const [sent, setSent] = useState(false);

  return (
    <Page title={webPageTitle('/uninstall-chrome-extension')} heading="Sorry to see you go">
      {sent ? (
        <Thanks />
      ) : (
        <>
          <p className="mt-3 max-w-prose text-lg text-muted">
            The {brand.name} extension is no longer in Chrome. Would you tell us why? It takes a few seconds,
            and the team reads every answer.
          </p>
          <p className="mt-3 max-w-prose text-sm text-muted">
            Removing the extension leaves your account as it is. If you have a plan, manage or cancel it on
            your{' '}
            <Link to="/subscription" className="font-medium text-accent underline-offset-4 hover:underline">
              subscription page
            </Link>
            .
          </p>
          <ReasonForm context={context} onSent={() => setSent(true)} />
        </>
      )}
      <Footer />
    </Page>
  );
}

function ReasonForm({
  context,
  onSent,
}: {
  context: ReturnType<typeof readUninstallContext>;
  onSent(): void;
}) {
  const [reason, setReason] = useState<UninstallReason | null>(null);
  const [details, setDetails] = useState('');
  const detailsId = useId();
  const detailsHintId = useId();
  const press = usePress();
  const send = useMutation({
    mutationFn: (answer: { reason: UninstallReason; details: string }) =>
      callApi(
        'sendUninstallFeedback',
        {
          reason: answer.reason,
          // Blank words are no words: the call refuses empty details.
          ...(answer.details.trim() ? { details: answer.details.trim() } : {}),
          ...context,
        },
        { idempotencyKey: press.key() },
      ),
    onSuccess: onSent,
    onSettled: press.end,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One press at a time: a double click sends one answer.
    if (!reason || !press.start()) return;
    send.mutate({ reason, details });
  };

  return (
    <form
      onSubmit={submit}
      className="mt-8 flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10"
    >
      <fieldset className="min-w-0" disabled={send.isPending}>
        <legend className="w-full">
          <h2 className="text-xl font-semibold tracking-tight text-ink">Why did you remove the extension?</h2>
        </legend>
        <div className="mt-4 grid grid-cols-1 gap-2.5 sm:grid-cols-2 sm:gap-3">
          {UNINSTALL_REASONS.map((option) => (
            <label
              key={option}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-2 text-base font-medium text-ink transition-colors hover:border-accent has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-strong has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent has-disabled:cursor-not-allowed has-disabled:opacity-60 motion-reduce:transition-none"
            >
              <input
                type="radio"
                name="reason"
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                className="size-5 shrink-0 accent-accent focus-visible:outline-none"
              />
              <span className="min-w-0 break-words first-letter:uppercase">{option}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={detailsId} className="text-sm font-medium text-ink">
          Anything else you'd like us to know? (optional)
        </label>
        <textarea
          id={detailsId}
          aria-describedby={detailsHintId}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          rows={4}
          maxLength={FEEDBACK_MAX_LENGTH}
          readOnly={send.isPending}
          className="min-h-28 w-full resize-y rounded-xl border border-line bg-surface px-3.5 py-3 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:ring-1 focus:ring-accent focus:outline-none read-only:opacity-60"
        />
        <p id={detailsHintId} className="text-sm text-muted">
          What went wrong, or what would have made it worth keeping.
        </p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="alert" className="text-sm font-medium text-danger empty:hidden">
          {send.error ? send.error.message : null}
        </p>
        <Button
          type="submit"
          disabled={!reason}
          loading={send.isPending}
          className="min-h-12 w-full px-8 text-base sm:ml-auto sm:w-auto"
        >
          Submit
        </Button>
      </div>
    </form>
  );
}

/** After sending: thanks, focused so it is announced, and where to go from here. */
function Thanks() {
  const heading = useRef<HTMLHeadingElement>(null);
  const storePage = useExtensionStorePage();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mt-8 flex flex-col items-start gap-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
        <div className="flex flex-col gap-1.5">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight text-ink outline-none"
          >
            Thank you for telling us
          </h2>
          <p className="text-muted">Your answer went to the {brand.name} team.</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 text-sm">
        <a
          href={storePage}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-9 items-center gap-1.5 font-medium text-accent underline-offset-4 hover:underline"
        >
          Changed your mind? Add the extension again
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link
          to="/"
          className="inline-flex min-h-9 items-center font-medium text-accent underline-offset-4 hover:underline"
        >
          Continue to {brand.name} on the web
        </Link>
      </div>
    </section>
  );
}
