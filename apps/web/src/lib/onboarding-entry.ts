/**
 * Router state for a link into onboarding that asks to finish setting up (home's 'Finish setup').
 * Onboarding skips premium people straight home (SPEC §6), except when they came to finish setup.
 */
export const finishSetupState = { finishSetup: true } as const;

export const isFinishingSetup = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { finishSetup?: unknown }).finishSetup === true;
