import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './ModalDialog';
import { Spinner } from './Spinner';

// Radix's dialog (focus trap, scroll lock, portal: about 11 KB gzipped) is only needed once a
// dialog opens, and no page opens one before a click: it loads then, not with the page.
const ModalDialog = lazy(() => import('./ModalDialog').then((module) => ({ default: module.ModalDialog })));

/**
 * An accessible dialog: focus moves in and is trapped, Escape closes, focus returns to the opener.
 * On phones it sits at the bottom edge, within thumb reach. Draws nothing until first opened; from
 * then on the dialog stays mounted, so closing returns focus as before.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props}>
        {/* A body that loads on open (a form and its checks) suspends here, inside the dialog, so the
            dialog itself mounts once, named and focused, with a spinner in place of the body. */}
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner label="Loading" />
            </div>
          }
        >
          {props.children}
        </Suspense>
      </ModalDialog>
    </Suspense>
  );
}
