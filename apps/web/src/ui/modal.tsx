import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { ModalProps } from './modal-dialog';
import { Spinner } from './spinner';

// Radix's dialog (focus trap, scroll lock, portal: about 11 KB gzipped) is only needed once a
// dialog opens, and no page opens one before a click: it loads then, not with the page.
const ModalDialog = lazy(() => import('./modal-dialog').then((module) => ({ default: module.ModalDialog })));

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
        <DialogBody>{props.children}</DialogBody>
      </ModalDialog>
    </Suspense>
  );
}

/** What can take focus, in the order the dialog itself looks for its first field. */
const TABBABLE =
  'input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]):not([tabindex="-1"]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * A body that loads on open (a form and its checks) suspends here, inside the dialog, so the
 * dialog itself mounts once, named, with a spinner in place of the body. The dialog gave focus to
 * what it had when it opened (its close button); when the body arrives, its first field takes it,
 * as it would have had the body been there from the start.
 */
function DialogBody({ children }: { children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  const waited = useRef(false);
  return (
    <Suspense fallback={<BodyLoading waited={waited} />}>
      <div ref={body} className="contents">
        {children}
      </div>
      <FocusOnArrival body={body} waited={waited} />
    </Suspense>
  );
}

function BodyLoading({ waited }: { waited: RefObject<boolean> }) {
  useEffect(() => {
    waited.current = true;
  }, [waited]);
  return (
    <div className="flex justify-center py-8">
      <Spinner label="Loading" />
    </div>
  );
}

function FocusOnArrival({
  body,
  waited,
}: {
  body: RefObject<HTMLDivElement | null>;
  waited: RefObject<boolean>;
}) {
  useEffect(() => {
    if (!waited.current || body.current?.contains(document.activeElement)) return;
    body.current?.querySelector<HTMLElement>(TABBABLE)?.focus();
  }, [body, waited]);
  return null;
}
