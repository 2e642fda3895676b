import { createHash, randomBytes } from 'node:crypto';

/** A new link key: 256 random bits in URL-safe base64 (43 characters). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/**
 * What is stored of a confirmation key: its SHA-256. The key has 256 random bits, so a fast hash is
 * enough; whoever reads the table cannot rebuild a working link from it.
 */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');
