/** The conformance harness itself: fixtures are replayed as the provider sent them, stand-ins compared. */
import { describe, expect, test } from 'vitest';
import type { Fixture } from './replay.ts';
import { answerDifferences, jsonReply, replay, servedDifferences, shapeDifferences } from './replay.ts';

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

  test("a served answer keeps the provider's values but where they follow the request", () => {
    const provider = {
      id: 'shp_1',
      status: 'created',
      rates: [{ id: 'rate_1', carrier: 'USPS', rate: '7.10' }],
      errors: [{ code: 'E1' }],
      label: null,
    };
    const ours = {
      id: 'shp_9',
      status: 'created',
      rates: [
        { id: 'rate_8', carrier: 'USPS', rate: '5.00' },
        { id: 'rate_9', carrier: 'USPS', rate: '9.00' },
      ],
      errors: [{ code: 'E1' }],
      label: 'x',
    };
    expect(servedDifferences(ours, provider, ['$.id', '$.rates[]', '$.rates[*].id', '$.rates[*].rate'])).toEqual([]);
    expect(servedDifferences(ours, provider, ['$.rates[*].id', '$.rates[*].rate'])).toEqual([
      '$.id: the provider sends "shp_1", the stand-in "shp_9"',
      '$.rates: the provider sends 1 items, the stand-in 2',
    ]);
    expect(servedDifferences({ ...ours, status: 'draft', errors: [] }, provider, ['$.id', '$.rates'])).toEqual([
      '$.status: the provider sends "created", the stand-in "draft"',
      '$.errors: the provider sends 1 items, the stand-in 0',
    ]);
    // A value that follows the request may be null (nothing known), never of another type.
    expect(servedDifferences({ ...ours, id: null }, provider, ['$.id', '$.rates'])).toEqual([]);
    expect(servedDifferences({ ...ours, id: 7 }, provider, ['$.id', '$.rates'])).toEqual([
      '$.id: the provider sends string, the stand-in number',
    ]);
  });

  test('a served answer has the status, the headers and the raw body the provider sends', () => {
    const page = answer(502, { headers: { 'content-type': 'text/html' }, text: '<html>502</html>' });
    const html = {
      status: 502,
      headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
      bytes: Buffer.from('<html>502</html>'),
    };
    expect(answerDifferences(html, page)).toEqual([]);
    expect(answerDifferences({ ...html, status: 503, bytes: Buffer.from('{}') }, page)).toEqual([
      'status: the provider sends 502, the stand-in 503',
      '$text: the provider sends "<html>502</html>"…, the stand-in "{}"…',
    ]);
    const limited = answer(429, { headers: { 'Retry-After': '30' } });
    expect(answerDifferences(jsonReply({ any: 'body' }, 429), limited)).toEqual([
      'headers.retry-after: missing from the stand-in',
    ]);
    expect(answerDifferences(jsonReply({}, 429, { 'retry-after': '5' }), limited, ['headers.retry-after'])).toEqual([]);
    const cut = answer(200, { text: '{"label_id": "se-1", "sta' });
    expect(answerDifferences(jsonReply('{"label_id":"se-9","s', 200), cut, ['$text'])).toEqual([]);
    expect(answerDifferences(jsonReply({ label_id: 'se-9' }), cut, ['$text'])).toHaveLength(1);
  });
});
