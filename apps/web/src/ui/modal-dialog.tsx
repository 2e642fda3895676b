import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

export interface ModalProps {
  open: boolean;
  /** Called with false on Escape, a click outside, or the close button. */
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read to screen-reader users with the title; optional for a form whose fields explain themselves. */
  description?: ReactNode;
  children: ReactNode;
}

/**
 * An accessible dialog (Radix): focus moves in and is trapped, Escape closes, focus returns to the
 * opener. On phones it sits at the bottom edge, within thumb reach. Pages use it through `Modal`,
 * which loads this module when a dialog first opens.
 */
export function ModalDialog({ open, onOpenChange, title, description, children }: ModalProps) {
  // Radix returns focus only to a Dialog.Trigger; this dialog is opened by any button, so it
  // remembers whichever element had focus and returns there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-surface p-6 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <Dialog.Title className="pr-10 text-xl font-semibold text-ink">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            className="absolute top-4 right-4 grid size-9 place-items-center rounded-full text-muted hover:bg-accent-soft hover:text-ink"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-4" strokeWidth={2.5} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
