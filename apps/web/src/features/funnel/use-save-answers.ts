import type { UpdateOnboardingParamsBody } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import type { FunnelAnswers } from './funnel-storage';

/** What the account keeps of the answers (SPEC §7 updateOnboardingParams): only those given. */
export function onboardingParams(answers: FunnelAnswers): UpdateOnboardingParamsBody | null {
  const body: UpdateOnboardingParamsBody = {
    ...(answers.intention ? { intention: answers.intention } : {}),
    ...(answers.intention && answers.outcome ? { outcome: answers.outcome } : {}),
    ...(answers.age ? { age: answers.age } : {}),
    ...(answers.occupation ? { job: answers.occupation } : {}),
    ...(answers.mostDisruptive ? { mostDisruptive: answers.mostDisruptive } : {}),
    ...(answers.worstApp ? { worstApp: answers.worstApp } : {}),
  };
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * Sends the answers to the new account, then moves on. A failure does not hold the person up:
 * the answers stay on the device, and the purchase does not depend on them.
 */
export function useSaveAnswers(onSaved: () => void) {
  const mutation = useMutation({
    mutationFn: async (answers: FunnelAnswers) => {
      const body = onboardingParams(answers);
      if (body) await callApi('updateOnboardingParams', body);
    },
    onSettled: onSaved,
  });
  return { save: mutation.mutate, saving: mutation.isPending };
}
