import { constants, publicEncrypt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';

/**
 * Direct API calls for test set-up and for reading what lies outside the browser (the mail outbox).
 * The behaviour under test always goes through the screens.
 */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const keyAnswer = await request.get('/api/admin/publicKey');
  const { publicKey } = (await keyAnswer.json()).data;
  const encryptData = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ username, password })),
  ).toString('base64');
  const answer = await request.post('/api/admin/login', { data: { encryptData } });
  const body = await answer.json();
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const adminToken = (request: APIRequestContext) => apiLogin(request, ADMIN.username, ADMIN.password);

/** The newest mail to `email`, read from the outbox as the administrator. */
export async function latestMail(
  request: APIRequestContext,
  email: string,
): Promise<{ subject: string; body: string }> {
  const token = await adminToken(request);
  const answer = await request.get(`/api/admin/mail/outbox?recipient=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const mail = (await answer.json()).data.list[0];
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

export function uniqueEmail(prefix = 'merchant'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@shop.test`;
}
