import { FEEDBACK_MAX_LENGTH, isNonEmptyText, isValidEmail } from '@stillpoint/core';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { StepActions } from './step-actions';

export interface RestoreDraft {
  content: string;
  trialEmail: string;
}

interface OnOtherStepProps {
  draft: RestoreDraft;
  onChange(draft: RestoreDraft): void;
  sending: boolean;
  onSubmit(draft: RestoreDraft): void;
  onBack(): void;
}

/** Both are needed to find the purchase: what happened, and the address it was made with (SPEC §5). */
export const canSendRestore = ({ content, trialEmail }: RestoreDraft): boolean =>
  isNonEmptyText(content) && isValidEmail(trialEmail.trim());

/** ON_OTHER: tell the team what is missing and the e-mail the purchase was made with. */
export function OnOtherStep({ draft, onChange, sending, onSubmit, onBack }: OnOtherStepProps) {
  const contentId = useId();
  const ready = canSendRestore(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !sending) onSubmit({ content: draft.content.trim(), trialEmail: draft.trialEmail.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">We'll look for your purchase and reply by e-mail.</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={contentId} className="text-sm font-medium text-ink">
          What happened?
        </label>
        <textarea
          id={contentId}
          data-autofocus
          required
          rows={4}
          maxLength={FEEDBACK_MAX_LENGTH}
          value={draft.content}
          onChange={(event) => onChange({ ...draft, content: event.target.value })}
          readOnly={sending}
          placeholder="For example: I bought the yearly plan last week, but the app says I'm not premium."
          className="min-h-28 w-full resize-y rounded-xl border border-line bg-surface px-3.5 py-3 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:ring-1 focus:ring-accent focus:outline-none read-only:opacity-60"
        />
      </div>
      <TextField
        label="E-mail you bought it with"
        type="email"
        autoComplete="email"
        required
        value={draft.trialEmail}
        onChange={(event) => onChange({ ...draft, trialEmail: event.target.value })}
        readOnly={sending}
        hint="The address on your receipt."
      />
      <StepActions onBack={sending ? undefined : onBack}>
        <Button type="submit" disabled={!ready} loading={sending}>
          Send
        </Button>
      </StepActions>
    </form>
  );
}
