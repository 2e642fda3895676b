import { isValidEmail, type RestorePurchaseStep } from '@stillpoint/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Modal } from '../../../ui/modal';
import { OnIosStep } from './on-ios-step';
import { OnOtherStep, type RestoreDraft } from './on-other-step';
import { closedRestoreFlow, currentStep, restoreFlow } from './restore-steps';
import { SourceStep } from './source-step';
import { useRequestRestore } from './use-request-restore';
import { WereOnItStep } from './were-on-it-step';

const titles: Record<RestorePurchaseStep, string> = {
  INITIAL: 'Restore purchase',
  SOURCE: 'Restore purchase',
  ON_IOS: 'Restore on iPhone or iPad',
  ON_OTHER: "Tell us what's missing",
  WERE_ON_IT: "We're on it",
};

/**
 * 'Restore purchase' and its flow (SPEC §2 /checkout, §4) in a dialog. The form's text is kept
 * while the dialog is open or closed, until it is sent; the address starts from the page's
 * trialEmail when that is a valid one.
 */
export function RestorePurchase() {
  const [search] = useSearchParams();
  const [flow, dispatch] = useReducer(restoreFlow, closedRestoreFlow);
  const step = currentStep(flow);
  const [draft, setDraft] = useState<RestoreDraft>(() => ({ content: '', trialEmail: trialEmailOf(search) }));
  const [sentTo, setSentTo] = useState('');
  const request = useRequestRestore({
    onSent: ({ trialEmail }) => {
      setSentTo(trialEmail);
      setDraft({ content: '', trialEmail });
      dispatch({ type: 'sent' });
    },
  });
  const stepBody = useStepFocus(step);
  const back = () => dispatch({ type: 'back' });
  const close = () => dispatch({ type: 'close' });

  return (
    <>
      <p className="text-center text-sm text-muted">
        Already bought Premium?{' '}
        <button
          type="button"
          onClick={() => dispatch({ type: 'open' })}
          className="min-h-11 rounded-md font-semibold text-accent underline-offset-4 hover:underline"
        >
          Restore purchase
        </button>
      </p>
      <Modal
        open={step !== 'INITIAL'}
        onOpenChange={(open) => {
          // While the request is on its way, the dialog waits for the answer so nothing is lost.
          if (!open && !request.isPending) close();
        }}
        title={titles[step]}
      >
        <section
          key={step}
          ref={stepBody}
          tabIndex={-1}
          aria-label={titles[step]}
          className="focus:outline-none"
        >
          {step === 'SOURCE' ? (
            <SourceStep onChoose={(source) => dispatch({ type: 'chooseSource', source })} />
          ) : null}
          {step === 'ON_IOS' ? (
            <OnIosStep onStillMissing={() => dispatch({ type: 'stillMissing' })} onBack={back} />
          ) : null}
          {step === 'ON_OTHER' ? (
            <OnOtherStep
              draft={draft}
              onChange={setDraft}
              sending={request.isPending}
              onSubmit={(ready) => request.mutate(ready)}
              onBack={back}
            />
          ) : null}
          {step === 'WERE_ON_IT' ? <WereOnItStep address={sentTo} onClose={close} /> : null}
        </section>
      </Modal>
    </>
  );
}

/** The trialEmail query parameter, when it is an address the form would accept. */
function trialEmailOf(search: URLSearchParams): string {
  const email = search.get('trialEmail')?.trim() ?? '';
  return isValidEmail(email) ? email : '';
}

/**
 * Moving between steps inside the open dialog replaces what had focus, so focus goes to the new
 * step: its first field when it is a form, else the step itself, which reads its name and text.
 * Opening is left to the dialog, which focuses the first choice.
 */
function useStepFocus(step: RestorePurchaseStep) {
  const body = useRef<HTMLElement>(null);
  const previous = useRef(step);
  useEffect(() => {
    const from = previous.current;
    previous.current = step;
    if (from === step || from === 'INITIAL' || step === 'INITIAL') return;
    const field = body.current?.querySelector<HTMLElement>('[data-autofocus]');
    (field ?? body.current)?.focus();
  }, [step]);
  return body;
}
