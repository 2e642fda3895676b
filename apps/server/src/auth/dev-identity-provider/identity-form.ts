import { isValidEmail } from '@stillpoint/core';
import type { TestIdentity } from './accounts';

const NAME_MAX_LENGTH = 100;

export type IdentityFormResult =
  | { ok: true; identity: TestIdentity }
  | { ok: false; values: TestIdentity; errors: { name?: string; email?: string } };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Reads the posted name and e-mail; a blank name falls back to the e-mail's local part. */
export function readIdentityForm(body: unknown): IdentityFormResult {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const values = { name: text(fields.name), email: text(fields.email) };
  const errors: { name?: string; email?: string } = {};
  if (!values.email) errors.email = 'Enter an e-mail address.';
  else if (!isValidEmail(values.email)) errors.email = 'Enter an e-mail address like name@example.com.';
  if (values.name.length > NAME_MAX_LENGTH) errors.name = `Use at most ${NAME_MAX_LENGTH} characters.`;
  if (errors.email || errors.name) return { ok: false, values, errors };
  return {
    ok: true,
    identity: { email: values.email, name: values.name || values.email.split('@')[0] || '' },
  };
}
