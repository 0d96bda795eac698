/**
 * Providers' own bodies for the calls that settle an unknown outcome (a store's notes, EasyPost's list of
 * ScanForms, Shopify's fulfillments), kept beside the conformance suite's fixtures (whose folders belong to
 * its provider tests) in the same format, each naming its source.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Fixture } from './conformance/replay.ts';

const FOLDER = path.join(import.meta.dirname, 'fixtures', 'providers');

const sourced = z.looseObject({
  source: z.union([
    z.object({ repository: z.string().min(1), path: z.string().min(1), version: z.string().min(1) }),
    z.object({ url: z.url(), retrieved: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  ]),
  response: z.looseObject({ status: z.number().int() }),
});

/** One fixture of `fixtures/providers/<provider>`; one that does not name its source fails the test reading it. */
export function providerFixture(provider: string, name: string): Fixture {
  const file = path.join(FOLDER, provider, `${name}.json`);
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const parsed = sourced.safeParse(value);
  if (!parsed.success) throw new Error(`${provider}/${name}.json: ${z.prettifyError(parsed.error)}`);
  return value as Fixture;
}

/** An answer made by a test (a file's bytes, a failure), not a provider's body. */
export function madeAnswer(response: Fixture['response']): Fixture {
  return { source: { url: 'https://www.rfc-editor.org/rfc/rfc9110', retrieved: '2026-11-28' }, response };
}
