import { FEEDBACK_MAX_LENGTH, isNonEmptyText, messages } from '@stillpoint/core';
import { MessageCircleMore } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { brand } from '../../../lib/brand';
import { useSendFeedback } from '../../../lib/feedback';
import { FormFooter } from '../../../ui/form-footer';
import { Modal } from '../../../ui/modal';
import { showSuccessToast } from '../../../ui/toast';

interface FeedbackButtonProps {
  /** The page it sits on, named in the feedback's location; 'home' unless another page reuses it. */
  context?: string;
}

/**
 * The feedback button (SPEC §2 Home, Feedback modal): bottom right, opening 'Let us know what we
 * can do better' with a text area. submit stays disabled until there is text besides spaces.
 * After sending, a thank-you toast and a cleared, closed modal; if sending fails, the error toast
 * and the text stays for another try.
 */
export function FeedbackButton({ context = 'home' }: FeedbackButtonProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const fieldId = useId();
  const send = useSendFeedback(context, {
    onSent: () => {
      showSuccessToast(messages.feedbackThanks);
      setText('');
      setOpen(false);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isNonEmptyText(text) || send.isPending) return;
    send.mutate(text.trim());
  };

  return (
    <>
      {/* Floating, it would cover some card's switch or link while the page scrolls, unless there
          is a margin beside the content column (1024 px) wide enough for it: from 1280 px. Narrower,
          it ends the page instead, at the bottom right. */}
      <div className="flex justify-end px-4 pb-8 sm:px-6 xl:contents">
        <button
          type="button"
          aria-label="Send feedback"
          onClick={() => setOpen(true)}
          className="z-30 grid size-14 place-items-center rounded-full bg-accent text-white shadow-[0_10px_30px_-8px_rgb(15_95_92/0.6)] transition-[background-color,transform] hover:bg-accent-strong active:scale-95 motion-reduce:transition-none xl:fixed xl:right-6 xl:bottom-6"
        >
          <MessageCircleMore aria-hidden="true" className="size-6" strokeWidth={1.9} />
        </button>
      </div>
      <Modal
        open={open}
        onOpenChange={(next) => {
          // While sending, the modal waits for the answer so the text is not lost mid-flight.
          if (!send.isPending) setOpen(next);
        }}
        title="Let us know what we can do better"
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label htmlFor={fieldId} className="sr-only">
            Your feedback
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (send.isError) send.reset();
            }}
            rows={5}
            maxLength={FEEDBACK_MAX_LENGTH}
            placeholder={`What would make ${brand.name} better for you?`}
            readOnly={send.isPending}
            className="min-h-32 w-full resize-y rounded-xl border border-line bg-surface px-3.5 py-3 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:ring-1 focus:ring-accent focus:outline-none read-only:opacity-60"
          />
          {/* Besides the error toast: while the modal is open, the page behind it (the toast
              included) is hidden from screen readers, so the reason is said here too. */}
          <FormFooter
            submitLabel="Submit"
            disabled={!isNonEmptyText(text)}
            loading={send.isPending}
            error={send.error?.message}
            align="end"
          />
        </form>
      </Modal>
    </>
  );
}
