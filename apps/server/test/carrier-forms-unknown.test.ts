import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig, UpstreamConnection } from '../src/carriers/contract/channel.ts';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { bodyOf, type Fixture, replay } from './conformance/replay.ts';
import { call } from './helpers.ts';
import { madeAnswer, providerFixture } from './provider-fixtures.ts';
import {
  appWithUspsAndEasyPost,
  EASYPOST_KEY,
  merchantOn,
  USPS_ACCOUNT,
  upstreamChannel,
} from './upstream-fixtures.ts';

/**
 * A SCAN form whose answer was lost (issue 25): its labels stay asked, the outcome unknown. EasyPost is
 * asked (its list of ScanForms, by the labels' tracking codes) and the form it made is kept, never asked for
 * twice; USPS cannot be asked, so its labels are never sent for another form, staff are told, and the
 * person is told why. The EasyPost lookup is read on EasyPost's recorded list.
 */

const LISTED = providerFixture('easypost', 'scan-forms-list');
type Listed = { scan_forms: { id: string; tracking_codes: string[]; created_at: string; status: string }[] };
const listed = () => structuredClone(bodyOf(LISTED)) as Listed & { has_more: boolean };
const PDF = Buffer.from('%PDF-1.4\n% a form\n');
const pdfFile = madeAnswer({
  status: 200,
  headers: { 'content-type': 'application/pdf' },
  base64: PDF.toString('base64'),
});
const withBody = (body: unknown): Fixture => ({ ...LISTED, response: { ...LISTED.response, body } });

describe('EasyPost findManifest on its recorded list of ScanForms', () => {
  const channel: ChannelConfig = {
    id: 1,
    name: 'EasyPost',
    platformCode: 'easypost',
    carrierCode: 'USPS',
    settings: easypostAdapter.channelSettings.parse({ apiKey: 'EZTKforms' }),
  };
  const connection = easypostAdapter.upstream?.(channel.settings) as UpstreamConnection;
  const [, second] = listed().scan_forms;
  const find = (trackingNumbers: string[], run: ReturnType<typeof replay>) =>
    easypostAdapter.findManifest?.(
      {
        channel,
        labels: [{ trackingNumbers, upstreamId: null }],
        askedAt: Date.parse(second?.created_at ?? ''),
        reference: 'manifest 2024-04-05',
      },
      { http: run.http },
    );

  test('the form holding a label asked for is the form made: its id and its PDF', async () => {
    const run = replay(connection, [
      { method: 'GET', path: '/v2/scan_forms', answers: LISTED },
      { method: 'GET', path: /\/files\/scan_form\/.+\.pdf$/, answers: pdfFile },
    ]);
    expect(await find(second?.tracking_codes ?? [], run)).toEqual({
      upstreamId: second?.id,
      document: { format: 'pdf', bytes: PDF },
    });
    // Only forms made since the ask (less the clocks' leeway) are listed, a page of 100 at a time.
    const asked = run.calls[0]?.url.searchParams;
    expect(Number(asked?.get('page_size'))).toBe(100);
    expect(Date.parse(asked?.get('start_datetime') ?? '')).toBeLessThan(Date.parse(second?.created_at ?? ''));
    expect(run.unmatched).toEqual([]);
  });

  test('no form holds the labels: none was made; a failed form made none either', async () => {
    const none = replay(connection, [{ method: 'GET', path: '/v2/scan_forms', answers: LISTED }]);
    expect(await find(['9400100110368068953112'], none)).toBeNull();
    const failedBody = listed();
    for (const form of failedBody.scan_forms) form.status = 'failed';
    const failed = replay(connection, [{ method: 'GET', path: '/v2/scan_forms', answers: withBody(failedBody) }]);
    expect(await find(second?.tracking_codes ?? [], failed)).toBeNull();
    expect(failed.calls).toHaveLength(1);
  });

  test('older pages are read while EasyPost says it has more, from the last form seen', async () => {
    const first = listed();
    const older = listed();
    first.has_more = true;
    first.scan_forms = first.scan_forms.slice(0, 1);
    older.scan_forms = older.scan_forms.slice(1);
    const run = replay(connection, [
      {
        method: 'GET',
        path: '/v2/scan_forms',
        answers: (call) => withBody(call.url.searchParams.has('before_id') ? older : first),
      },
      { method: 'GET', path: /\/files\/scan_form\/.+\.pdf$/, answers: pdfFile },
    ]);
    expect(await find(second?.tracking_codes ?? [], run)).toMatchObject({ upstreamId: second?.id });
    expect(run.calls[1]?.url.searchParams.get('before_id')).toBe(first.scan_forms[0]?.id);
  });

  test('a list of another shape fails naming easypost findManifest and the field', async () => {
    const changed = listed() as unknown as { scan_forms: { tracking_codes: unknown }[] };
    for (const form of changed.scan_forms) form.tracking_codes = 'none';
    const run = replay(connection, [{ method: 'GET', path: '/v2/scan_forms', answers: withBody(changed) }]);
    const error = await Promise.resolve(find(['1'], run)).catch((thrown: unknown) => thrown as Error);
    expect((error as Error).message).toMatch(
      /^easypost findManifest: answer changed shape at scan_forms\.0\.tracking_codes/,
    );
  });
});

const env = appWithUspsAndEasyPost();

/** Moves the labels' ask back past the time an ask may still be under way. */
async function askedLongAgo(orderId: number) {
  await env.t.ctx.db
    .updateTable('parcels')
    .set({ carrier_form_asked_at: Date.now() - 10 * 60_000 })
    .where('order_id', '=', orderId)
    .execute();
}

const parcelsOf = (orderId: number) =>
  env.t.ctx.db
    .selectFrom('parcels')
    .select(['carrier_manifest_id', 'carrier_form_asked_at'])
    .where('order_id', '=', orderId)
    .execute();

describe('a USPS SCAN form whose answer was lost', () => {
  test('is never asked for again: the labels stay asked, staff are told, the person is told why', async () => {
    const onUsps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000, breakerFailures: 100 },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, { funds: '100.00', weights: [1] });
    expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
    const forms = () => env.usps.requests.filter((request) => request === 'POST /scan-forms/v3/scan-form').length;
    const before = forms();
    env.usps.fail('POST /scan-forms/v3/scan-form', { kind: 'status', status: 503 }, 1);
    const manifest = () =>
      call(env.t.app, merchant.customer.token, {
        method: 'GET',
        url: `/api/app/order/createManifest?ids=${merchant.orderId}`,
        headers: { 'accept-language': 'en-US' },
      });
    const lost = await manifest();
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toContain('it cannot be asked whether it made the form');
    expect(forms()).toBe(before + 1);
    const [parcel] = await parcelsOf(merchant.orderId);
    expect(parcel?.carrier_manifest_id).toBeNull();
    expect(parcel?.carrier_form_asked_at).toBeGreaterThan(0);
    const told = await env.t.ctx.db
      .selectFrom('user_messages')
      .select(['title_key', 'params'])
      .where('title_key', '=', 'msgCarrierFormUnknownTitle')
      .execute();
    expect(told.length).toBeGreaterThan(0);
    const order = await merchant.order();
    expect(JSON.parse(told[0]?.params ?? '{}').trackingNumbers).toContain(order.tracking_no);

    // Asked again, even long after: refused the same way, and USPS is never sent the labels again.
    await askedLongAgo(merchant.orderId);
    const again = await manifest();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Staff have been told');
    expect(forms()).toBe(before + 1);
  });
});

describe('an EasyPost SCAN form whose answer was lost', () => {
  /** What the proxy in front of the EasyPost stand-in does with the form calls; everything else passes. */
  const play = { post: 'lose' as 'lose' | 'refuse' | 'pass', listMade: true };
  /** The forms the stand-in made through the proxy, as EasyPost answered them. */
  let made: Listed['scan_forms'] = [];
  let posts = 0;
  let lists = 0;
  let proxy: http.Server;
  let proxyUrl: string;

  beforeAll(async () => {
    proxy = http.createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const path = request.url ?? '/';
      const send = (status: number, type: string, body: string | Buffer) =>
        response.writeHead(status, { 'content-type': type }).end(body);
      if (request.method === 'GET' && path.startsWith('/v2/scan_forms?')) {
        lists++;
        // EasyPost's recorded list, the forms the stand-in made (when shown) first: newest first.
        const body = listed();
        body.scan_forms = [...(play.listMade ? made : []), ...body.scan_forms];
        return send(200, 'application/json', JSON.stringify(body));
      }
      const isForm = request.method === 'POST' && path === '/v2/scan_forms';
      if (isForm) posts++;
      if (isForm && play.post === 'refuse') return send(503, 'application/json', JSON.stringify({}));
      const forwarded = await fetch(`${env.easypost.url}${path}`, {
        method: request.method ?? 'GET',
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? 'application/json',
        },
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      const bytes = Buffer.from(await forwarded.arrayBuffer());
      if (isForm && forwarded.ok) {
        made = [{ ...JSON.parse(bytes.toString()), created_at: new Date().toISOString() }, ...made];
        // The stand-in made the form; its answer is cut off on the way back.
        if (play.post === 'lose') return send(200, 'application/json', bytes.subarray(0, 12));
      }
      send(forwarded.status, forwarded.headers.get('content-type') ?? 'application/json', bytes);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    proxy.closeAllConnections();
    proxy.close();
  });

  async function boughtLabel() {
    const onEasyPost = await upstreamChannel(
      env.t,
      env.admin,
      'easypost',
      { apiKey: EASYPOST_KEY, baseUrl: proxyUrl, breakerFailures: 100 },
      { carrier: 'USPS', service: 'Priority' },
    );
    const merchant = await merchantOn(env.t, env.admin, onEasyPost.channelId, { funds: '100.00', weights: [1] });
    expect((await merchant.buy(onEasyPost.serviceId)).statusCode).toBe(200);
    const manifest = () =>
      call(env.t.app, merchant.customer.token, {
        method: 'GET',
        url: `/api/app/order/createManifest?ids=${merchant.orderId}`,
        headers: { 'accept-language': 'en-US' },
      });
    return { merchant, manifest };
  }

  const pages = async (answer: { rawPayload: Buffer }) => (await PDFDocument.load(answer.rawPayload)).getPageCount();

  test('found at once in the list: kept, and the manifest comes with it', async () => {
    const { merchant, manifest } = await boughtLabel();
    Object.assign(play, { post: 'lose', listMade: true });
    posts = 0;
    const answered = await manifest();
    expect(answered.statusCode).toBe(200);
    expect(await pages(answered)).toBe(2);
    expect(posts).toBe(1);
    expect(await parcelsOf(merchant.orderId)).toEqual([
      { carrier_manifest_id: expect.any(Number), carrier_form_asked_at: null },
    ]);
  });

  test('not in the list yet: the labels wait, then the form EasyPost made is found, never asked for twice', async () => {
    const { merchant, manifest } = await boughtLabel();
    Object.assign(play, { post: 'lose', listMade: false });
    posts = 0;
    const waiting = await manifest();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain('it is asked whether it made the form before they are sent again');
    // Soon after: the ask may still be under way, so nothing is asked.
    lists = 0;
    expect((await manifest()).statusCode).toBe(409);
    expect([posts, lists]).toEqual([1, 0]);
    await askedLongAgo(merchant.orderId);
    play.listMade = true;
    const settled = await manifest();
    expect(settled.statusCode).toBe(200);
    expect(await pages(settled)).toBe(2);
    expect([posts, lists]).toEqual([1, 1]);
    expect((await parcelsOf(merchant.orderId))[0]?.carrier_form_asked_at).toBeNull();
  });

  test('made nowhere: once EasyPost lists no form for the labels, they are asked for again', async () => {
    const { manifest, merchant } = await boughtLabel();
    Object.assign(play, { post: 'refuse', listMade: true });
    posts = 0;
    expect((await manifest()).statusCode).toBe(409);
    await askedLongAgo(merchant.orderId);
    play.post = 'pass';
    const asked = await manifest();
    expect(asked.statusCode).toBe(200);
    expect(posts).toBe(2);
  });
});
