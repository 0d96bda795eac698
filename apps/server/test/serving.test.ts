/**
 * What the server sends, and how (issue 14, "served fast"): the web app's files precompressed by the build
 * and sent in the encoding the client accepts, hashed assets cached for good and index.html never, API
 * answers compressed, documents that are already compressed sent as they are.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  APP_START_SCRIPT,
  DRAWN_SCREEN_SCRIPT,
  DRAWN_SCREENS,
  FIRST_ANSWERS_ID,
  FIRST_CALLS_SCRIPT,
  type FirstAnswers,
  lookDocument,
  orderListUrl,
  SESSION_COOKIE,
  SIGN_IN_DOCUMENT,
  SIGN_IN_SCRIPT,
  TOKEN_TAIL_LENGTH,
  USER_INFO_URL,
} from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  importDrafts,
  loginToken,
  makeApiKey,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('ParcelPort '.repeat(400))});\n`;
// As the build writes it: the first calls' inline script in the head, the app's script after it.
const page = `<!doctype html><html><head><script>${FIRST_CALLS_SCRIPT}</script></head><body><div id="root"></div><script src="/assets/index-3fa9c0de.js"></script></body></html>`;

/** The hash source of each inline script of `html`, as a Content-Security-Policy names it. */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    ([, inline]) =>
      `'sha256-${createHash('sha256')
        .update(inline as string)
        .digest('base64')}'`,
  );

/** The script-src directive of an answer's Content-Security-Policy. */
const scriptSrc = (answer: { headers: Record<string, unknown> }) =>
  String(answer.headers['content-security-policy'])
    .split(';')
    .find((directive) => directive.startsWith('script-src '));

beforeAll(async () => {
  // A build as apps/web's `npm run build` leaves it: hashed assets with their .br and .gz copies.
  webDist = mkdtempSync(path.join(tmpdir(), 'parcelport-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  const asset = path.join(webDist, 'assets/index-3fa9c0de.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(path.join(webDist, 'index.html'), page);
  writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync(page));
  t = await startApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(encoding ? { 'accept-encoding': encoding } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('the web app', () => {
  test('an asset in the encoding the client accepts, cached as immutable', async () => {
    const br = await get('/assets/index-3fa9c0de.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-3fa9c0de.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-3fa9c0de.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  test('index.html, for its own path and every client route, is checked again on each visit', async () => {
    for (const url of ['/index.html', '/login', '/shipments/allWaybills']) {
      const answer = await get(url, 'gzip');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(answer.rawPayload).toString(), url).toBe(page);
    }
  });

  test("a client route is answered without a warning in the operator's log", async () => {
    // The wildcard route tries each precompressed file before the not-found handler answers index.html, and
    // each try waits on the reply; one listener more per response took that past Node's limit, and every
    // visit printed a MaxListenersExceededWarning.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (const encoding of ['br, gzip', 'gzip', undefined]) {
        expect((await get('/shipments/allWaybills', encoding)).statusCode).toBe(200);
      }
      // A warning is emitted on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  test("a signed-in screen's document may run its first calls' inline script, and no other inline script", async () => {
    const answer = await get('/shipments/allWaybills', 'gzip');
    const body = gunzipSync(answer.rawPayload).toString();
    const [firstCalls] = inlineHashes(body);
    expect(inlineHashes(body)).toHaveLength(1);
    // the other hashes are the sign-in document's script and the drawn screens' two
    const [signIn, drawn, appStart] = inlineHashes(
      `<script>${SIGN_IN_SCRIPT}</script><script>${DRAWN_SCREEN_SCRIPT}</script><script type="module">${APP_START_SCRIPT}</script>`,
    );
    expect(scriptSrc(answer)).toBe(`script-src 'self' ${signIn} ${drawn} ${appStart} ${firstCalls}`);
  });

  test('/login gets the sign-in page the build drew, where it has one, checked again on each visit; its script runs', async () => {
    const signIn = `<!doctype html><html><head><script>${FIRST_CALLS_SCRIPT}</script><template data-locale="en-US" data-theme="light"><form></form></template></head><body><div id="root"></div><script>${SIGN_IN_SCRIPT}</script></body></html>`;
    const file = path.join(webDist, SIGN_IN_DOCUMENT);
    writeFileSync(file, signIn);
    writeFileSync(`${file}.gz`, gzipSync(signIn));
    try {
      for (const url of ['/login', '/login?redirect=%2Fsettings%2Faccount']) {
        const answer = await get(url, 'gzip');
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type'], url).toContain('text/html');
        expect(answer.headers['cache-control'], url).toBe('no-cache');
        expect(answer.headers['content-encoding'], url).toBe('gzip');
        const body = gunzipSync(answer.rawPayload).toString();
        expect(body, url).toBe(signIn);
        // The policy allows the document's two inline scripts by their hashes, and no other inline script.
        const [firstCalls, signInScript] = inlineHashes(body);
        const [drawn, appStart] = inlineHashes(
          `<script>${DRAWN_SCREEN_SCRIPT}</script><script type="module">${APP_START_SCRIPT}</script>`,
        );
        expect(scriptSrc(answer), url).toBe(`script-src 'self' ${signInScript} ${drawn} ${appStart} ${firstCalls}`);
      }
      // Every other client route is still index.html.
      expect(gunzipSync((await get('/shipments/allWaybills', 'gzip')).rawPayload).toString()).toBe(page);
    } finally {
      rmSync(file);
      rmSync(`${file}.gz`);
    }
  });

  test('the order list and the workplace get the screens the build drew, where it has them; their scripts run', async () => {
    const files: string[] = [];
    try {
      for (const { path: screenPath, document } of DRAWN_SCREENS) {
        const drawn = `<!doctype html><html><head><script>${FIRST_CALLS_SCRIPT}</script><script type="module">${APP_START_SCRIPT}</script><template data-locale="en-US" data-theme="light"><div id="drawn-screen" data-path="${screenPath}"></div></template></head><body><div id="root"></div><script>${DRAWN_SCREEN_SCRIPT}</script></body></html>`;
        const file = path.join(webDist, document);
        writeFileSync(file, drawn);
        writeFileSync(`${file}.gz`, gzipSync(drawn));
        files.push(file, `${file}.gz`);
        for (const url of [screenPath, `${screenPath}?page=2`]) {
          const answer = await get(url, 'gzip');
          expect(answer.statusCode, url).toBe(200);
          expect(answer.headers['cache-control'], url).toBe('no-cache');
          expect(gunzipSync(answer.rawPayload).toString(), url).toBe(drawn);
          const [firstCalls, appStart, drawnScript] = inlineHashes(drawn);
          const [signIn] = inlineHashes(`<script>${SIGN_IN_SCRIPT}</script>`);
          expect(scriptSrc(answer), url).toBe(`script-src 'self' ${signIn} ${drawnScript} ${appStart} ${firstCalls}`);
        }
      }
      // the other order lists are still index.html
      expect(gunzipSync((await get('/shipments/draft', 'gzip')).rawPayload).toString()).toBe(page);
    } finally {
      for (const file of files) rmSync(file);
    }
  });

  test("a drawn document holding the reader's look alone, when their cookie names one the build drew", async () => {
    const drawing = (looks: string[]) =>
      `<!doctype html><html><head>${looks.map((look) => `<template data-look="${look}"></template>`).join('')}</head><body><div id="root"></div><script>${SIGN_IN_SCRIPT}</script></body></html>`;
    const written = [
      [SIGN_IN_DOCUMENT, drawing(['zh-CN.light', 'en-US.dark'])],
      [lookDocument(SIGN_IN_DOCUMENT, 'en-US.dark'), drawing(['en-US.dark'])],
    ] as const;
    for (const [file, html] of written) writeFileSync(path.join(webDist, file), html);
    const login = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/login', headers: cookie ? { cookie } : {} });
    try {
      const own = await login('session=1; look=en-US.dark');
      expect(own.body).toBe(drawing(['en-US.dark']));
      expect(own.headers.vary).toContain('cookie');
      expect(own.headers['cache-control']).toBe('no-cache');
      // a look the build has no document of, a cookie naming no look, no cookie: the document of every look
      for (const cookie of ['look=zh-CN.light', 'look=../index.html', 'look=en-US.dark.html', undefined]) {
        const answer = await login(cookie);
        expect(answer.body, cookie).toBe(drawing(['zh-CN.light', 'en-US.dark']));
        expect(answer.headers.vary, cookie).toContain('cookie');
      }
    } finally {
      for (const [file] of written) rmSync(path.join(webDist, file));
    }
    // with no drawn document at all, index.html
    expect((await login('look=en-US.dark')).body).toBe(page);
  });
});

describe("a signed-in document brings its first calls' answers (issue 26, first screen)", () => {
  /** The document at `url` asked for with these cookies (and from `ip`), and the answers it brought, if any. */
  async function documentWith(url: string, cookie: string, ip = '127.0.0.1') {
    const answer = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie, 'accept-encoding': 'br' },
      remoteAddress: ip,
    });
    expect(answer.statusCode, url).toBe(200);
    const html = brotliDecompressSync(answer.rawPayload).toString();
    const block = html.match(new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`));
    return { answer, html, brought: block ? (JSON.parse(block[1] as string) as FirstAnswers) : null };
  }

  test("with the session cookie: the answers the calls get, in the look's language, ahead of the script; private", async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const merchant = await createActiveCustomer(t, admin);
    // a recipient's name is the merchant's own text: it must not end the block or open markup
    const hostile = '</script><script>alert(1)</script><!--';
    await importDrafts(t.app, merchant.token, 2, hostile);
    const cookie = `${SESSION_COOKIE}=${merchant.token}; look=en-US.light`;
    for (const [url, calls] of [
      ['/shipments/allWaybills', [USER_INFO_URL, orderListUrl(null)]],
      ['/shipments/draft', [USER_INFO_URL, orderListUrl(0)]],
      ['/settings/account', [USER_INFO_URL]],
    ] as const) {
      const { answer, html, brought } = await documentWith(url, cookie);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers.vary, url).toContain('cookie');
      expect(brought, url).toMatchObject({ for: merchant.token.slice(-TOKEN_TAIL_LENGTH), locale: 'en-US' });
      expect(Object.keys(brought?.answers ?? {}), url).toEqual(calls);
      // each answer as the call itself gets it, with the same session and language
      for (const call of calls) {
        const direct = await t.app.inject({
          method: 'GET',
          url: call,
          headers: { authorization: `Bearer ${merchant.token}`, 'accept-language': 'en-US' },
        });
        expect(brought?.answers[call], `${url} ${call}`).toEqual({ status: 200, body: direct.json() });
      }
      expect(html.indexOf(FIRST_ANSWERS_ID), url).toBeLessThan(html.indexOf(`<script>${FIRST_CALLS_SCRIPT}</script>`));
      expect(html, url).not.toContain(hostile);
      expect(html, url).not.toContain(merchant.token);
      // the page's only executable inline script is still the first calls' one (its hash in the policy)
      expect(html.match(/<script>/g), url).toHaveLength(1);
    }
    const { brought } = await documentWith('/shipments/allWaybills', cookie);
    const list = brought?.answers[orderListUrl(null)]?.body as { data: { list: { toPersonName: string }[] } };
    const names = list.data.list.map((order) => order.toPersonName);
    expect(names.sort()).toEqual([`${hostile}0`, `${hostile}1`]);
  });

  test("brings nothing without a live session of its own, with a query, on a public page, or from outside a key's addresses", async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const merchant = await createActiveCustomer(t, admin);
    const plain = async (url: string, cookie: string, ip?: string) => {
      const { answer, brought } = await documentWith(url, cookie, ip);
      expect(answer.headers['cache-control'], `${url} ${cookie}`).toBe('no-cache');
      return brought;
    };
    expect(await plain('/shipments/draft', 'look=en-US.light')).toBeNull();
    expect(await plain('/shipments/draft', `${SESSION_COOKIE}=${merchant.token}`.replace(/.$/, '"'))).toBeNull();
    expect(await plain('/home', `${SESSION_COOKIE}=${merchant.token}`)).toBeNull();
    // with a query, the list's first page is not the one the screen asks for: the user's details alone
    const filtered = await documentWith('/shipments/draft?batchNo=B-1', `${SESSION_COOKIE}=${merchant.token}`);
    expect(Object.keys(filtered.brought?.answers ?? {})).toEqual([USER_INFO_URL]);
    // an ended session: the refusal is brought as the call gets it, so the app goes to sign-in without asking
    const ended = await loginToken(t.app, merchant.email, merchant.password);
    expect((await call(t.app, ended, { method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(200);
    const refused = await documentWith('/dashboard/workplace', `${SESSION_COOKIE}=${ended}`);
    expect(refused.brought?.answers[USER_INFO_URL]?.status).toBe(401);
    expect(JSON.stringify(refused.brought)).not.toContain('Ada');
    // a key kept to one address is refused from another, as its own call from there would be
    const office = await makeApiKey(t.app, merchant.token, { name: 'Office', ips: ['203.0.113.0/24'] });
    const away = await documentWith('/dashboard/workplace', `${SESSION_COOKIE}=${office.key}`, '198.51.100.4');
    expect(away.brought?.answers[USER_INFO_URL]?.status).toBe(403);
    const inside = await documentWith('/dashboard/workplace', `${SESSION_COOKIE}=${office.key}`, '203.0.113.9');
    expect(inside.brought?.answers[USER_INFO_URL]?.status).toBe(200);
  });
});

describe('a signed-in document and the sliding renewal', () => {
  test("its first answers renew no session (a renewal the tab does not take would end it); the app's own call does", async () => {
    // every signed-in call is due for renewal
    const renewing = await startApp({ webDist, sessionRenewAfterMs: 0 });
    try {
      const token = await loginToken(renewing.app, ADMIN.username, ADMIN.password);
      const expiry = async () =>
        (
          await renewing.ctx.db
            .selectFrom('sessions')
            .select('expires_at')
            .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
            .executeTakeFirstOrThrow()
        ).expires_at;
      const full = await expiry();
      const document = await renewing.app.inject({
        method: 'GET',
        url: '/dashboard/workplace',
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      expect(document.body).toContain(FIRST_ANSWERS_ID);
      expect(document.headers.token).toBeUndefined();
      expect(document.body).not.toContain('"token"');
      expect(await expiry()).toBe(full);
      // the same call made by the app renews as before: a new token, the old one kept for a minute's grace
      const own = await call(renewing.app, token, { method: 'GET', url: USER_INFO_URL });
      expect(typeof own.headers.token).toBe('string');
      expect(await expiry()).toBeLessThan(full);
    } finally {
      await renewing.close();
    }
  });
});

describe('the API', () => {
  test('a JSON answer of 1 KB or more is compressed as asked; a small one and an unasked one are not', async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const spec = await get('/api/docs/json', 'br');
    expect(spec.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(spec.rawPayload).toString())).toHaveProperty('paths');
    const menu = await get('/api/user/info', 'gzip', admin);
    expect(menu.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(menu.rawPayload).toString())).toMatchObject({ code: 200 });
    const unasked = await get('/api/user/info', undefined, admin);
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(unasked.json()).toMatchObject({ code: 200 });
    const small = await get('/api/admin/publicKey', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test('a label PDF, already compressed, is sent as it is', async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '50.00', remark: 'serving' },
    });
    const { orderId } = await buyLabel(t.app, customer.token);
    const pdf = await get(`/api/app/order/label/down?id=${orderId}`, 'gzip, br', customer.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
