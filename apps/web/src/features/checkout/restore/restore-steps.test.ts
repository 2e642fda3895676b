import { RESTORE_PURCHASE_STEPS } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  closedRestoreFlow,
  currentStep,
  type RestoreAction,
  type RestoreFlow,
  restoreFlow,
} from './restore-steps';

const run = (...actions: RestoreAction[]): RestoreFlow => actions.reduce(restoreFlow, closedRestoreFlow);

describe('restoreFlow', () => {
  it('starts closed, at INITIAL, and opens at SOURCE', () => {
    expect(currentStep(closedRestoreFlow)).toBe('INITIAL');
    expect(currentStep(run({ type: 'open' }))).toBe('SOURCE');
    expect(canGoBack(run({ type: 'open' }))).toBe(false);
  });

  it('goes from SOURCE to ON_IOS for the App Store, and to ON_OTHER for anywhere else', () => {
    expect(currentStep(run({ type: 'open' }, { type: 'chooseSource', source: 'ios' }))).toBe('ON_IOS');
    expect(currentStep(run({ type: 'open' }, { type: 'chooseSource', source: 'other' }))).toBe('ON_OTHER');
  });

  it('reaches WERE_ON_IT only by sending the form, from either way in, and offers no way back', () => {
    const viaIos = run(
      { type: 'open' },
      { type: 'chooseSource', source: 'ios' },
      { type: 'stillMissing' },
      { type: 'sent' },
    );
    expect(currentStep(viaIos)).toBe('WERE_ON_IT');
    expect(canGoBack(viaIos)).toBe(false);
    expect(
      currentStep(run({ type: 'open' }, { type: 'chooseSource', source: 'other' }, { type: 'sent' })),
    ).toBe('WERE_ON_IT');
    expect(currentStep(run({ type: 'open' }, { type: 'sent' }))).toBe('SOURCE');
  });

  it('goes back the way the person came', () => {
    const viaIos = run({ type: 'open' }, { type: 'chooseSource', source: 'ios' }, { type: 'stillMissing' });
    expect(currentStep(restoreFlow(viaIos, { type: 'back' }))).toBe('ON_IOS');
    const direct = run({ type: 'open' }, { type: 'chooseSource', source: 'other' });
    expect(currentStep(restoreFlow(direct, { type: 'back' }))).toBe('SOURCE');
  });

  it('closes to INITIAL from any step', () => {
    for (const flow of [
      run({ type: 'open' }),
      run({ type: 'open' }, { type: 'chooseSource', source: 'ios' }),
      run({ type: 'open' }, { type: 'chooseSource', source: 'other' }, { type: 'sent' }),
    ]) {
      expect(restoreFlow(flow, { type: 'close' })).toEqual(closedRestoreFlow);
    }
  });

  it('ignores actions that do not belong to the current step', () => {
    const onIos = run({ type: 'open' }, { type: 'chooseSource', source: 'ios' });
    expect(restoreFlow(onIos, { type: 'chooseSource', source: 'other' })).toBe(onIos);
    expect(restoreFlow(onIos, { type: 'open' })).toBe(onIos);
    expect(restoreFlow(closedRestoreFlow, { type: 'back' })).toBe(closedRestoreFlow);
  });

  it('only ever visits the SPEC steps', () => {
    const flow = run({ type: 'open' }, { type: 'chooseSource', source: 'ios' }, { type: 'stillMissing' });
    for (const step of flow.trail) expect(RESTORE_PURCHASE_STEPS).toContain(step);
  });
});
