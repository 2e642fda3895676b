import { messages } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { callApi } from '../api';
import { usePress } from '../usePress';

export const NEWSLETTER_JOINED_MESSAGE = 'Thanks! Check your inbox to confirm.';

/**
 * The footer's newsletter signup (SPEC §2, §5). The address goes to the server as typed: the
 * server alone judges it, so the form has no format check (noValidate keeps the browser's out too,
 * while type=email still brings up the right keyboard). Any failure reads SPEC §8's one sentence.
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
            {NEWSLETTER_JOINED_MESSAGE}
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
            {join.isError ? messages.newsletterFailed : null}
          </p>
        </form>
      )}
    </section>
  );
}
