import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { ADMIN, type Raw } from './target.ts';

/** The JSON envelope every API answer carries. */
interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Calls the real API over HTTP as the web client does. */
export class Api {
  readonly base: string;
  token: string | null;

  constructor(base: string, token: string | null = null) {
    this.base = base;
    this.token = token;
  }

  as(token: string): Api {
    return new Api(this.base, token);
  }

  /** The same caller on another server (another process on the same database). */
  at(base: string): Api {
    return new Api(base, this.token);
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'accept-language': 'en-US',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }

  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + url, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Envelope<T>;
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
    return json.data;
  }

  /** RSA-OAEP (SHA-256) over the JSON credentials with the served public key, then POST /api/admin/login. */
  async login(username: string, password: string): Promise<Api> {
    const { publicKey } = await this.call<{ publicKey: string }>('GET', '/api/admin/publicKey');
    const encryptData = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ username, password })),
    ).toString('base64');
    const { token } = await this.call<{ token: string }>('POST', '/api/admin/login', { encryptData });
    return this.as(token);
  }
}

/** A merchant as a new customer becomes one: mailed code, registration, activation by staff, sign-in, funds. */
export async function createMerchant(
  api: Api,
  raw: Raw,
  fundsUsd: string,
): Promise<{ id: number; api: Api; admin: Api }> {
  const admin = await api.login(ADMIN.username, ADMIN.password);
  const email = `m${randomUUID().slice(0, 8)}@shop.bench`;
  const password = 'Merchant#1';
  await api.call('POST', '/api/user/code/send', { email });
  const [mail] = await raw.query('select body from mail_outbox where recipient = ? order by id desc limit 1', [email]);
  const code = /\b(\d{6})\b/.exec(String(mail?.body))?.[1];
  if (!code) throw new Error('no registration code mailed');
  await api.call('POST', '/api/user/register', {
    email,
    phone: '+1 555 0100',
    code,
    company: 'Bench Shop',
    firstName: 'Ada',
    lastName: 'Bench',
    password,
    confirmPassword: password,
  });
  const [user] = await raw.query('select id from users where username = ?', [email]);
  const id = Number(user?.id);
  await admin.call('POST', `/api/admin/updateStatus/${id}`, { status: 1 });
  await admin.call('POST', '/api/admin/balance/adjust', {
    userId: id,
    currency: 'USD',
    amount: fundsUsd,
    remark: 'bench',
  });
  return { id, api: await api.login(email, password), admin };
}

/** Uploads a sheet to POST /api/app/order/import (multipart) and answers the import result. */
export async function importSheet(api: Api, bytes: Buffer, filename = 'orders.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = await fetch(`${api.base}/api/app/order/import`, { method: 'POST', headers: api.headers(), body: form });
  const json = (await res.json()) as Envelope<{
    batchNo: string;
    rows: number;
    orders: number;
    created: number;
    errors: { row: number; column: string; message: string }[];
  }>;
  if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json.data;
}
