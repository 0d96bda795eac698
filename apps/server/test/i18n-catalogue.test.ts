/**
 * The server's messages stand in src/i18n/catalogue/, a file a module (issue 27), and messages.ts spreads them into
 * one catalogue. A key written in two files would not fail to compile there: the later spread would silently
 * replace the earlier text. So every key stands in one file, and every file's keys reach the catalogue.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { isMessageKey } from '../src/i18n/messages.ts';

const DIR = path.resolve(import.meta.dirname, '../src/i18n/catalogue');

test('every message key stands in one catalogue file, and messages.ts knows it', async () => {
  const fileOf = new Map<string, string>();
  const twice: string[] = [];
  for (const file of readdirSync(DIR).sort()) {
    const exports: Record<string, object> = await import(path.join(DIR, file));
    for (const key of Object.values(exports).flatMap((messages) => Object.keys(messages))) {
      const first = fileOf.get(key);
      if (first) twice.push(`${key}: ${first} and ${file}`);
      fileOf.set(key, file);
    }
  }
  expect(twice).toEqual([]);
  expect([...fileOf.keys()].filter((key) => !isMessageKey(key))).toEqual([]);
});
