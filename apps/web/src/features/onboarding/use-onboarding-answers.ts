import type { endpoints } from '@stillpoint/core';

type AnswersToSave = EndpointInput<typeof endpoints.updateOnboardingAnswers>;

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type EndpointInput } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** GET getOnboardingAnswers: what an earlier visit saved (the intention decides the first step). */
export function useOnboardingAnswers() {
  return useQuery({
    queryKey: queryKeys.onboardingAnswers(),
    queryFn: ({ signal }) => callApi('getOnboardingAnswers', undefined, { signal }),
    // Onboarding waits on this; a failure simply starts from the first question.
    retry: false,
  });
}

/** POST updateOnboardingAnswers, sent at ASK_HDYH (SPEC §4). */
export function useSaveOnboardingAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswersToSave) => callApi('updateOnboardingAnswers', answers),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.onboardingAnswers(), saved),
  });
}

/** GET getNewOnboardingHDYHOptions: the "how did you hear about us" options. */
export function useHdyhOptions() {
  return useQuery({
    queryKey: queryKeys.hdyhOptions(),
    queryFn: async ({ signal }) =>
      (await callApi('getNewOnboardingHDYHOptions', undefined, { signal })).options,
    staleTime: 60 * 60_000,
    retry: 1,
  });
}
