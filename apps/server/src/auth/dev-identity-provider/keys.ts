import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * A fresh RS256 key per start, kept in memory: development tokens need no continuity, and nothing
 * signed by one server run can be replayed against the next.
 */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** Keys for the provider's signed cookies (interaction and session), also fresh per start. */
export const generateCookieKeys = (): string[] => [randomBytes(32).toString('base64url')];
