/**
 * The conformance suite covers every provider whole: each operation an adapter offers has a block replaying
 * the provider's own answers, each provider has its error answers and its stand-in compared, and every
 * fixture names its source and is read by a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CarrierAdapter } from '../../src/carriers/contract/adapter.ts';
import { adapterFor, platformCodes } from '../../src/carriers/registry.ts';
import { FIXTURES, fixture, fixtureNames } from './replay.ts';

const HERE = import.meta.dirname;

/** The optional calls of the carrier adapter contract, each of which an adapter may offer. */
const OPTIONAL_CALLS = [
  'voidStatus',
  'findPurchase',
  'track',
  'validateAddress',
  'manifest',
  'webhook',
  'billReports',
  'pickups',
] as const satisfies readonly (keyof CarrierAdapter)[];

/** The blocks every provider has beside its operations. */
const ALWAYS = ['errors', 'stand-in'];

/** What a store adapter does, as docs/stores.md names it. */
const STORE_BLOCKS = ['connect', 'orders', 'fulfil', 'webhooks'];

function carrierBlocks(adapter: CarrierAdapter): string[] {
  return ['rate', 'purchase', 'void', ...OPTIONAL_CALLS.filter((call) => adapter[call] !== undefined), ...ALWAYS];
}

/** The providers the suite must cover: every carrier platform that calls out, and every store platform. */
const PROVIDERS: [string, string[]][] = [
  ...platformCodes()
    .map((code) => adapterFor(code) as CarrierAdapter)
    .filter((adapter) => adapter.upstream !== undefined)
    .map((adapter): [string, string[]] => [adapter.code, carrierBlocks(adapter)]),
  ['shopify', [...STORE_BLOCKS, ...ALWAYS]],
  // The tracking provider for parcels no carrier pushes: its push, and the tests' stand-in.
  ['17track', ['webhooks', 'stand-in']],
  ['woocommerce', [...STORE_BLOCKS, ...ALWAYS]],
];

const testSource = (provider: string) => readFileSync(path.join(HERE, `${provider}.test.ts`), 'utf8');

describe('conformance coverage', () => {
  test.each(PROVIDERS)('%s has a block for each of its operations', (provider, blocks) => {
    const source = testSource(provider);
    const missing = blocks.filter((block) => !source.includes(`describe('${provider} ${block}'`));
    expect(missing).toEqual([]);
  });

  test.each(PROVIDERS.map(([provider]) => provider))(
    "every %s fixture names its source and is read by the provider's test",
    (provider) => {
      const source = testSource(provider);
      const names = fixtureNames(provider);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) fixture(provider, name);
      expect(names.filter((name) => !source.includes(`'${name}'`))).toEqual([]);
    },
  );

  test('no fixture folder belongs to no provider', () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !PROVIDERS.some(([provider]) => provider === folder))).toEqual([]);
  });
});
