import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { validCallbackHmac } from '../../src/stores/shopify/wire.ts';
import { FIXTURES, fixture } from './replay.ts';

/**
 * Shopify's adapter (docs/stores.md) against Shopify's own material: the official library's HMAC vectors
 * and Shopify's published examples, each fixture naming its source.
 */

/** The official library's validateHmac vectors, beside the fixture's source (checked by `fixture`). */
interface HmacVectors {
  secret: string;
  vectors: { test: string; query: Record<string, string>; signed?: string; valid: boolean }[];
}

function hmacVectors(): HmacVectors {
  fixture('shopify', 'callback-hmac-vectors');
  return JSON.parse(readFileSync(path.join(FIXTURES, 'shopify', 'callback-hmac-vectors.json'), 'utf8'));
}

/** The library's test signature: hex HMAC-SHA256 of the string it signs. */
const hexHmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

/** A callback's query as the web server hands it to us: one decoded value per name. */
const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('shopify connect', () => {
  const { secret, vectors } = hmacVectors();

  test.each(vectors)("the official library's vector '$test' is judged as the library judges it", (vector) => {
    const query = vector.signed ? { ...vector.query, hmac: hexHmac(secret, vector.signed) } : vector.query;
    expect(validCallbackHmac(query, secret)).toBe(vector.valid);
  });

  test("Shopify's documented callback (raw values) is accepted, and refused once a value is changed", () => {
    const location = fixture('shopify', 'callback-hmac-docs').response.headers?.location as string;
    const query = queryOf(new URL(location).search);
    const { secret: docsSecret } = JSON.parse(
      readFileSync(path.join(FIXTURES, 'shopify', 'callback-hmac-docs.json'), 'utf8'),
    ) as { secret: string };
    expect(validCallbackHmac(query, docsSecret)).toBe(true);
    expect(validCallbackHmac({ ...query, shop: 'other-shop.myshopify.com' }, docsSecret)).toBe(false);
    expect(validCallbackHmac(query, 'another secret')).toBe(false);
  });

  test('values with `=`, `/`, `+`, `:` and spaces are signed encoded, as the library writes its query', () => {
    // The library's rule (processed-query.ts): URLSearchParams' form encoding, then `+` written `%20`.
    const query = { host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUveA==', shop: 'x.myshopify.com', custom: 'a+b c:/d' };
    const signed = 'custom=a%2Bb%20c%3A%2Fd&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUveA%3D%3D&shop=x.myshopify.com';
    expect(validCallbackHmac({ ...query, hmac: hexHmac(secret, signed) }, secret)).toBe(true);
    expect(validCallbackHmac({ ...query, hmac: hexHmac(secret, signed).toUpperCase() }, secret)).toBe(true);
    expect(validCallbackHmac({ ...query, custom: 'a+b c:/e', hmac: hexHmac(secret, signed) }, secret)).toBe(false);
    expect(validCallbackHmac(query, secret)).toBe(false);
  });
});
