/** The conformance harness itself: fixtures are replayed as the provider sent them, stand-ins compared. */
import { describe, expect, test } from 'vitest';
import type { Fixture } from './replay.ts';
import { replay, shapeDifferences } from './replay.ts';

const source = { url: 'https://example.com/docs', retrieved: '2026-11-28' };
const answer = (status: number, response: Partial<Fixture['response']> = {}): Fixture => ({
  source,
  response: { status, ...response },
});

describe('conformance harness', () => {
  test('answers in turn through the real client, recording what was sent and what was unmatched', async () => {
    const { http, calls, log, waits, unmatched } = replay({ baseUrl: 'https://api.example.com' }, [
      { method: 'POST', path: '/v1/rates', answers: [answer(503), answer(200, { body: { id: 'r1' } })] },
    ]);
    const reply = await http.send({ operation: 'rate', method: 'POST', path: '/v1/rates', json: { weight: 16 } });
    expect(reply.json).toEqual({ id: 'r1' });
    expect(calls.map((call) => [call.method, call.url.pathname, call.json])).toEqual([
      ['POST', '/v1/rates', { weight: 16 }],
      ['POST', '/v1/rates', { weight: 16 }],
    ]);
    expect(log.map((record) => record.outcome)).toEqual(['transient', 'ok']);
    expect(waits).toHaveLength(1);

    await expect(http.send({ operation: 'track', method: 'GET', path: '/v1/other' })).rejects.toThrow();
    expect(unmatched[0]).toBe('GET https://api.example.com/v1/other');
  });

  test('raw and binary bodies are sent as recorded', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 3, 4, 0, 255]);
    const { http } = replay({ baseUrl: 'https://api.example.com' }, [
      {
        method: 'GET',
        path: /files\.example\.com\/r\.zip$/,
        answers: answer(200, { base64: bytes.toString('base64'), headers: { 'content-type': 'application/zip' } }),
      },
    ]);
    const reply = await http.send({
      operation: 'billReport',
      method: 'GET',
      path: 'https://files.example.com/r.zip',
      expect: 'bytes',
    });
    expect(reply.bytes?.equals(bytes)).toBe(true);
  });

  test("a stand-in's answer is compared key path by key path", () => {
    const provider = { id: 'shp_1', rates: [{ rate: '7.10', carrier: 'USPS' }], label: null };
    expect(
      shapeDifferences({ id: 'x', rates: [{ rate: '1.00', carrier: 'UPS', extra: 1 }], label: 3 }, provider),
    ).toEqual([]);
    expect(shapeDifferences({ id: 7, rates: [{ carrier: 'UPS' }] }, provider)).toEqual([
      '$.id: the provider sends string, the stand-in number',
      '$.rates[0].rate: missing from the stand-in',
      '$.label: missing from the stand-in',
    ]);
  });
});
