import { describe, expect, expectTypeOf, test } from 'vitest';
import { login } from '../src/contracts/auth/login.ts';
import { type HeadersOf, type InputOf, takesIdempotencyKey } from '../src/contracts/contract.ts';
import { estimateRates } from '../src/contracts/orders/estimate-rates.ts';
import { createLabel, listOrders } from '../src/contracts/orders/index.ts';
import { downloadManifest } from '../src/contracts/volume/download-manifest.ts';

/**
 * The headers a call takes are part of its contract (issue 27), typed for the caller by the same rule the
 * server keeps keys by: a write with a JSON answer by a signed-in caller takes an `Idempotency-Key`; a read, a
 * read-only POST, a file and a public call take none (the OpenAPI side: apps/server/test/openapi-lint.test.ts).
 */
describe('the Idempotency-Key in the contract', () => {
  test('a label purchase takes one; a list, a quote, a file and sign-in do not', () => {
    expect(takesIdempotencyKey(createLabel)).toBe(true);
    expect(takesIdempotencyKey(listOrders.app)).toBe(false);
    expect(takesIdempotencyKey(estimateRates)).toBe(false);
    expect(takesIdempotencyKey(downloadManifest)).toBe(false);
    expect(takesIdempotencyKey(login)).toBe(false);
  });

  test('the types say the same: a caller may send the key only where the server keeps it', () => {
    expectTypeOf<HeadersOf<typeof createLabel>>().toEqualTypeOf<{ 'Idempotency-Key'?: string }>();
    expectTypeOf<InputOf<typeof createLabel>>().toHaveProperty('headers');
    expectTypeOf<InputOf<typeof listOrders.app>>().not.toHaveProperty('headers');
    expectTypeOf<InputOf<typeof estimateRates>>().not.toHaveProperty('headers');
    expectTypeOf<InputOf<typeof login>>().not.toHaveProperty('headers');
    const purchase: InputOf<typeof createLabel> = {
      body: { orderId: 1, serviceId: 2 },
      headers: { 'Idempotency-Key': 'a' },
    };
    expect(purchase.headers).toEqual({ 'Idempotency-Key': 'a' });
  });
});
