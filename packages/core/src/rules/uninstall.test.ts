import { describe, expect, it } from 'vitest';
import { sendUninstallFeedbackBodySchema } from '../api/schemas/feedback';
import { readUninstallContext } from './uninstall';

const REF = 'inst_4fQ9-xY2kLm';

describe('readUninstallContext', () => {
  it('takes the version and the install reference the extension put in the address', () => {
    expect(readUninstallContext({ v: '1.4.0', ref: REF })).toEqual({
      extensionVersion: '1.4.0',
      installRef: REF,
    });
    expect(readUninstallContext({ v: '2', ref: null })).toEqual({ extensionVersion: '2' });
  });

  it('is empty without them', () => {
    expect(readUninstallContext({ v: null, ref: null })).toEqual({});
    expect(readUninstallContext({ v: '', ref: '' })).toEqual({});
  });

  it('leaves out a value the call would refuse, and keeps the other', () => {
    expect(readUninstallContext({ v: '1.4.0-beta', ref: REF })).toEqual({ installRef: REF });
    expect(readUninstallContext({ v: '1.4.0', ref: 'short' })).toEqual({ extensionVersion: '1.4.0' });
    expect(readUninstallContext({ v: '1.4.0', ref: 'Bearer abc.def.ghi' })).toEqual({
      extensionVersion: '1.4.0',
    });
    expect(readUninstallContext({ v: '<b>1</b>', ref: `${REF}<` })).toEqual({});
  });

  it('gives only what the call accepts', () => {
    const context = readUninstallContext({ v: '10.20.30.40', ref: 'a'.repeat(128) });
    expect(sendUninstallFeedbackBodySchema.safeParse({ reason: 'buggy', ...context }).success).toBe(true);
    expect(context).toEqual({ extensionVersion: '10.20.30.40', installRef: 'a'.repeat(128) });
  });
});
