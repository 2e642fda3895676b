import { FEEDBACK_MAX_LENGTH, isNonEmptyText, messages } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { callApi } from '../../../lib/api';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { showErrorToast } from '../../../ui/toast';

/** Where feedback came from, as the team reads it: 'web app feedback - home' (SPEC §7). */
export const feedbackLocation = (context: string): string => `web app feedback - ${context}`;

interface FeedbackButtonProps {
  /** The page it sits on, named in the feedback's location; 'home' unless another page reuses it. */
  context?: string;
}

/**
 * The floating feedback button (SPEC §2 Home, Feedback modal): bottom right, opening 'Let us
 * know what we can do better' with a text area. submit stays disabled until there is text
 * besides spaces. After sending, a thank-you toast and a cleared, closed modal; if sending fails,
 * the error toast and the text stays for another try.
 */
export function FeedbackButton({ context = 'home' }: FeedbackButtonProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const fieldId = useId();
  const send = useMutation({
    mutationFn: (content: string) =>
      callApi('sendFeedback', { content, location: feedbackLocation(context) }),
    onSuccess: () => {
      toast.success(messages.feedbackThanks);
      setText('');
      setOpen(false);
    },
    onError: () => showErrorToast(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isNonEmptyText(text) || send.isPending) return;
    send.mutate(text.trim());
  };

  return (
    <>
      <button
        type="button"
        aria-label="Send feedback"
        onClick={() => setOpen(true)}
        className="fixed right-4 bottom-4 z-30 grid size-14 place-items-center rounded-full bg-accent text-white shadow-[0_10px_30px_-8px_rgb(15_95_92/0.6)] transition-[background-color,transform] hover:bg-accent-strong active:scale-95 motion-reduce:transition-none sm:right-6 sm:bottom-6"
      >
        <SpeechIcon />
      </button>
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
            onChange={(event) => setText(event.target.value)}
            rows={5}
            maxLength={FEEDBACK_MAX_LENGTH}
            placeholder={`What would make ${brand.name} better for you?`}
            readOnly={send.isPending}
            className="min-h-32 w-full resize-y rounded-xl border border-line bg-surface px-3.5 py-3 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:ring-1 focus:ring-accent focus:outline-none read-only:opacity-60"
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              disabled={!isNonEmptyText(text)}
              loading={send.isPending}
              className="w-full sm:w-auto"
            >
              submit
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

function SpeechIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 12.5c0 3.87-3.58 7-8 7a8.9 8.9 0 0 1-3.2-.59L4 20l1.3-3.47A6.6 6.6 0 0 1 4 12.5c0-3.87 3.58-7 8-7s8 3.13 8 7Z" />
      <path d="M8.5 12.5h.01M12 12.5h.01M15.5 12.5h.01" strokeWidth="2.4" />
    </svg>
  );
}
