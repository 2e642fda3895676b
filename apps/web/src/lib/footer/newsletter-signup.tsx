import { messages } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { ApiError, callApi } from '../api';
import { usePress } from '../use-press';

export const NEWSLETTER_JOINED_MESSAGE = 'Almost done: check your inbox for a link to confirm.';
/**
 * What happens next, as the server does it (docs/newsletter.md): only a confirmed address gets the
 * newsletter, and one confirmed already is sent nothing (the answer is the same either way).
 */
export const NEWSLETTER_JOINED_DETAIL =
  'The newsletter starts once you open that link. Already subscribed? Then nothing changes.';
// The server judges the address with core's e-mail check (SPEC §5: no format check here).
export const NEWSLETTER_INVALID_ADDRESS_MESSAGE = messages.newsletterInvalidEmail;

/** Why joining failed, in words: the address, too many tries, no connection, or the server. */
export function newsletterErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'BAD_REQUEST') return NEWSLETTER_INVALID_ADDRESS_MESSAGE;
    // The server says how long to wait; no connection reads the app's one sentence for it.
    if (error.code === 'RATE_LIMITED' || error.code === 'NETWORK') return error.message;
  }
  return messages.newsletterFailed;
}

/**
 * The newsletter signup (SPEC §2, §5), in the footer and on the confirm page when a link has
 * expired. The address goes to the server as typed: the server alone judges it, so the form has no
 * format check (noValidate keeps the browser's out too, while type=email still brings up the right
 * keyboard). A failure says why: the address, too many tries, or no connection.
 */
export function NewsletterSignup() {
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const press = usePress();
  const join = useMutation({
    mutationFn: (address: string) =>
      callApi('joinNewsletter', { email: address }, { idempotencyKey: press.key() }),
    onSettled: press.end,
  });
  const confirmation = useRef<HTMLParagraphElement>(null);

  // The form, and the button that had focus, are gone: focus goes to what replaced them.
  useEffect(() => {
    if (join.isSuccess) confirmation.current?.focus();
  }, [join.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One press at a time: a double click signs up once.
    if (press.start()) join.mutate(email.trim());
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          Get the newsletter
        </h2>
        <p className="text-sm text-muted">Notes on attention and what is new, now and then.</p>
      </div>
      {/* The form goes away with the focus in it: the confirmation takes the focus, which is how a
          screen reader hears it (a live region as well would read it twice). */}
      <div>
        {join.isSuccess ? (
          <p
            ref={confirmation}
            tabIndex={-1}
            className="flex items-start gap-2.5 rounded-xl bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong focus:outline-none"
          >
            <MailCheck aria-hidden="true" className="mt-px size-4 shrink-0" />
            <span className="flex flex-col gap-1">
              <span>{NEWSLETTER_JOINED_MESSAGE}</span>
              <span className="font-normal">{NEWSLETTER_JOINED_DETAIL}</span>
            </span>
          </p>
        ) : null}
      </div>
      {join.isSuccess ? null : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            E-mail address
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                // A new address is a new try: the last one's error no longer applies.
                if (join.isError) join.reset();
              }}
              readOnly={join.isPending}
              aria-invalid={join.isError || undefined}
              aria-describedby={join.isError ? errorId : undefined}
              className="min-h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:ring-1 focus:ring-accent focus:outline-none read-only:opacity-60 aria-invalid:border-danger"
            />
            <Button type="submit" loading={join.isPending} className="shrink-0">
              Join
            </Button>
          </div>
          <p id={errorId} role="alert" className="text-sm font-medium text-danger empty:hidden">
            {join.isError ? newsletterErrorMessage(join.error) : null}
          </p>
        </form>
      )}
    </section>
  );
}
