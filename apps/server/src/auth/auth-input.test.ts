import { describe, expect, it } from 'vitest';
import { type AuthInput, emptyErrorAnswer, MAX_AUTH_BODY_DEPTH, malformedAuthInput } from './auth-input';

const json = (text: string, search = ''): AuthInput => ({
  search,
  contentType: 'application/json',
  body: Buffer.from(text, 'utf8'),
});
const form = (text: string): AuthInput => ({
  search: '',
  contentType: 'application/x-www-form-urlencoded',
  body: Buffer.from(text, 'utf8'),
});
const query = (search: string): AuthInput => ({ search, contentType: undefined, body: undefined });

describe('the checks in front of Better Auth', () => {
  it('lets through what the web app, the extension and the providers send', () => {
    for (const input of [
      json('{"phoneNumber":"+14155552671","code":"123456"}'),
      json('{"id":"kX9s2Qf8aL0pZ3"}'),
      json('{"provider":"google","callbackURL":"/home","idToken":{"token":"a.b.c","nonce":"n"}}'),
      json('\uFEFF{"id":"x"}'),
      json('{"name":"Zoë 😀"}'),
      form('code=4%2F0Ad&state=xyz&user=%7B%22name%22%3A%7B%22firstName%22%3A%22Zo%C3%AB%22%7D%7D'),
      query('?provider=google&popupOrigin=http%3A%2F%2Flocalhost%3A3000'),
      query('?code=a+b&state=%zz&error=100%'),
      query(''),
      { search: '?disableCookieCache=true', contentType: 'text/plain', body: Buffer.from([0xff, 0x00]) },
    ]) {
      expect(malformedAuthInput(input), JSON.stringify(input)).toBeNull();
    }
  });

  it('refuses a NUL or a broken character anywhere in a JSON body, naming where', () => {
    expect(malformedAuthInput(json('{"id":"a\\u0000b"}'))).toBe(
      'Invalid body: id cannot contain the NUL character (U+0000).',
    );
    expect(malformedAuthInput(json('{"idToken":{"nonce":"\\ud800"}}'))).toBe(
      'Invalid body: idToken.nonce cannot contain a broken character (an unpaired UTF-16 surrogate).',
    );
    expect(malformedAuthInput(json('{"a\\u0000":1}'))).toBe(
      'Invalid body: property names cannot contain the NUL character (U+0000).',
    );
    expect(malformedAuthInput(json('"\\u0000"'))).toBe(
      'Invalid body: text cannot contain the NUL character (U+0000).',
    );
  });

  it('refuses a JSON body that is not UTF-8, not JSON, or nested deeper than any call', () => {
    const invalidUtf8 = {
      ...json(''),
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    };
    expect(malformedAuthInput(invalidUtf8)).toBe('The request body is not valid UTF-8.');
    expect(malformedAuthInput(json('{"a":'))).toBe('The request body is not valid JSON.');
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(malformedAuthInput(json(deep(MAX_AUTH_BODY_DEPTH)))).toBeNull();
    expect(malformedAuthInput(json(deep(MAX_AUTH_BODY_DEPTH + 1)))).toBe(
      `The request body is nested more than ${MAX_AUTH_BODY_DEPTH} levels deep.`,
    );
    expect(malformedAuthInput(json(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`))).toMatch(/nested/);
  });

  it('reads a query string or a form as URLSearchParams does, and refuses what it would garble or cannot be kept', () => {
    expect(malformedAuthInput(query('?state=%00'))).toBe(
      'Invalid query: state cannot contain the NUL character (U+0000).',
    );
    expect(malformedAuthInput(query('?a%00=1'))).toBe(
      'Invalid query: property names cannot contain the NUL character (U+0000).',
    );
    expect(malformedAuthInput(query('?code=%ED%A0%80'))).toBe(
      'Invalid query: it is not valid percent-encoded UTF-8.',
    );
    expect(malformedAuthInput(query('?code=%FF'))).toBe(
      'Invalid query: it is not valid percent-encoded UTF-8.',
    );
    expect(malformedAuthInput(form('code=%00&state=x'))).toBe(
      'Invalid body: code cannot contain the NUL character (U+0000).',
    );
    expect(malformedAuthInput({ ...form(''), body: Buffer.from([0x61, 0x3d, 0xff]) })).toBe(
      'The request body is not valid UTF-8.',
    );
  });

  it('gives an error Better Auth sent without a body a body both clients read', () => {
    expect(emptyErrorAnswer(500)).toEqual({
      success: false,
      code: 'INTERNAL',
      error: 'Something went wrong on our side. Please try again.',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(emptyErrorAnswer(404)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(emptyErrorAnswer(418)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
