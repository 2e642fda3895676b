import { describe, expect, it } from 'vitest';
import { readSignInMethods } from './platforms';

describe('readSignInMethods', () => {
  it('reads a comma list, forgiving case and spaces, in a fixed order', () => {
    expect(readSignInMethods('PHONE_NUMBER, google')).toEqual(['GOOGLE', 'PHONE_NUMBER']);
    expect(readSignInMethods('APPLE')).toEqual(['APPLE']);
  });

  it('drops what it does not know, and reads nothing as every method', () => {
    expect(readSignInMethods('FACEBOOK,apple')).toEqual(['APPLE']);
    expect(readSignInMethods('FACEBOOK')).toEqual([]);
    expect(readSignInMethods('')).toEqual([]);
    expect(readSignInMethods(null)).toEqual([]);
  });
});
