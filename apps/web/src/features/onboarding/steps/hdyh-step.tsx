import { FALLBACK_HDYH_OPTIONS, type HdyhOption, type Intention } from '@stillpoint/core';
import { useState } from 'react';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/button';
import { ChoiceList } from '../../../ui/choice-list';
import { Spinner } from '../../../ui/spinner';
import { StepLayout } from '../../../ui/step-layout';
import { showErrorToast } from '../../../ui/toast';
import { useHdyhOptions, useSaveOnboardingAnswers } from '../use-onboarding-answers';

const QUESTION = `How did you hear about ${brand.name}?`;
const FALLBACK: HdyhOption[] = FALLBACK_HDYH_OPTIONS.map((name) => ({ name }));

interface HdyhStepProps {
  /** The answers from the earlier steps, sent together with this one (SPEC §4). */
  intention: Intention | null;
  outcome: string | null;
  onSaved(): void;
}

/**
 * ASK_HDYH: the server's options (SPEC §9's list when they cannot be loaded); an option with a
 * drilldown asks its follow-up. Continue sends all the answers; Skip sends the earlier ones.
 */
export function HdyhStep({ intention, outcome, onSaved }: HdyhStepProps) {
  const options = useHdyhOptions();
  const save = useSaveOnboardingAnswers();
  const [hdyh, setHdyh] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const list = options.data ?? (options.isError ? FALLBACK : null);
  const chosen = list?.find((option) => option.name === hdyh);
  const drilldown = chosen?.drilldown?.length ? chosen : null;
  const canContinue = hdyh !== null && (!drilldown || detail !== null);

  const send = (withSource: boolean) => {
    const answers = {
      ...(intention ? { onboardingIntention: intention } : {}),
      ...(outcome ? { onboardingOutcome: outcome } : {}),
      ...(withSource && hdyh ? { hdyh } : {}),
      ...(withSource && drilldown && detail ? { hdyhDetail: detail } : {}),
    };
    // Skipping with nothing to save (intention saved on an earlier visit) just moves on.
    if (Object.keys(answers).length === 0) return onSaved();
    save.mutate(answers, { onSuccess: onSaved, onError: () => showErrorToast() });
  };

  return (
    <StepLayout
      title={QUESTION}
      lead="It helps us reach more people who want their attention back."
      actions={
        <>
          <Button variant="ghost" onClick={() => send(false)} disabled={save.isPending}>
            Skip
          </Button>
          <Button onClick={() => send(true)} disabled={!canContinue} loading={save.isPending}>
            Continue
          </Button>
        </>
      }
    >
      {list ? (
        <ChoiceList
          label={QUESTION}
          choices={list.map((option) => option.name)}
          selected={hdyh}
          disabled={save.isPending}
          onChoose={(name) => {
            setHdyh(name);
            setDetail(null);
          }}
        />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the options" className="size-8" />
        </div>
      )}
      {drilldown ? (
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold text-ink first-letter:uppercase">
            {drilldown.drilldownPrompt ?? 'Tell us a little more'}
          </h2>
          <ChoiceList
            label={drilldown.drilldownPrompt ?? 'Tell us a little more'}
            choices={drilldown.drilldown ?? []}
            selected={detail}
            disabled={save.isPending}
            onChoose={setDetail}
          />
        </div>
      ) : null}
    </StepLayout>
  );
}
