import { readFileSync } from 'node:fs';

let common: Set<string> | null = null;

/**
 * Whether a password is among the commonest ones, whatever its case. common-passwords.txt holds the 10,000
 * most frequent passwords of 8-16 characters (docs/spec.md §5's lengths; shorter and longer ones are refused anyway),
 * in order, taken from the frequency-ranked common password list of @zxcvbn-ts/language-common 4.1.3 (MIT),
 * which is itself lower case. Read on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n'));
  return common.has(password.toLowerCase());
}
