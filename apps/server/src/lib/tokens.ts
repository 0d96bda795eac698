import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: what a client holds as its session token or reset link secret. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as their SHA-256 (docs/design.md §4). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
