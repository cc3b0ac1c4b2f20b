/**
 * Room ids, seat tokens, host tokens and invite codes: 128 random bits each, so none can be
 * guessed. Only their SHA-256 is stored, and a presented secret is compared with every stored hash
 * of its room in constant time, so neither the database nor the time an answer takes gives one away.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 128 random bits in 22 URL-safe characters. */
export const newSecret = (): string => randomBytes(16).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The first of `hashes` that is the hash of `secret`, or -1. Every hash is compared, in constant
 * time, whichever matches.
 */
export const matchSecret = (secret: string, hashes: readonly string[]): number => {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  let found = -1;
  hashes.forEach((stored, i) => {
    const candidate = Buffer.from(stored, 'hex');
    const same = candidate.length === presented.length && timingSafeEqual(candidate, presented);
    if (same && found < 0) found = i;
  });
  return found;
};
