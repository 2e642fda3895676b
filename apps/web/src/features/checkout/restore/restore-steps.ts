import type { RestorePurchaseStep } from '@stillpoint/core';

/**
 * The restore-purchase flow (SPEC §4): INITIAL (closed), SOURCE, then ON_IOS or ON_OTHER, then
 * WERE_ON_IT. The steps taken are kept so Back returns the way the person came (ON_OTHER is
 * reached from SOURCE or from ON_IOS).
 */
export interface RestoreFlow {
  /** The steps taken, the current one last. */
  readonly trail: readonly RestorePurchaseStep[];
}

export type PurchaseSource = 'ios' | 'other';

export type RestoreAction =
  | { type: 'open' }
  | { type: 'chooseSource'; source: PurchaseSource }
  | { type: 'stillMissing' }
  | { type: 'sent' }
  | { type: 'back' }
  | { type: 'close' };

export const closedRestoreFlow: RestoreFlow = { trail: ['INITIAL'] };

export const currentStep = (flow: RestoreFlow): RestorePurchaseStep => flow.trail.at(-1) ?? 'INITIAL';

/** Back is offered on every open step but the first, and not once the request is sent. */
export const canGoBack = (flow: RestoreFlow): boolean => flow.trail.length > 1;

const to = (flow: RestoreFlow, step: RestorePurchaseStep): RestoreFlow => ({ trail: [...flow.trail, step] });

/** The next state; an action that does not apply to the current step changes nothing. */
export function restoreFlow(flow: RestoreFlow, action: RestoreAction): RestoreFlow {
  const step = currentStep(flow);
  switch (action.type) {
    case 'open':
      return step === 'INITIAL' ? { trail: ['SOURCE'] } : flow;
    case 'chooseSource':
      return step === 'SOURCE' ? to(flow, action.source === 'ios' ? 'ON_IOS' : 'ON_OTHER') : flow;
    case 'stillMissing':
      return step === 'ON_IOS' ? to(flow, 'ON_OTHER') : flow;
    case 'sent':
      // Sent is sent: there is no going back into the form.
      return step === 'ON_OTHER' ? { trail: ['WERE_ON_IT'] } : flow;
    case 'back':
      return canGoBack(flow) ? { trail: flow.trail.slice(0, -1) } : flow;
    case 'close':
      return closedRestoreFlow;
  }
}
