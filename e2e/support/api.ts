import { constants, publicEncrypt } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, E2E_DATA_DIR } from '../playwright.config.ts';

/**
 * Direct API calls for test set-up, and a read of what lies outside the browser (the mail outbox).
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

/** Reads the server's database (the suite's SQLite file) read-only. */
function readDatabase<T>(read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.resolve(import.meta.dirname, '..', E2E_DATA_DIR, 'parcelport.db'), {
    readOnly: true,
  });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * The newest mail to `email`, whole, as the operator of an install without SMTP reads it: from the
 * server's database (the outbox API masks codes and links).
 */
export function latestMail(email: string): { subject: string; body: string } {
  const mail = readDatabase(
    (db) =>
      db.prepare('select subject, body from mail_outbox where recipient = ? order by id desc limit 1').get(email) as
        | { subject: string; body: string }
        | undefined,
  );
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** Every mail to `email` in the outbox, oldest first. */
export function mailsTo(email: string): { subject: string; body: string }[] {
  return readDatabase(
    (db) =>
      db.prepare('select subject, body from mail_outbox where recipient = ? order by id').all(email) as {
        subject: string;
        body: string;
      }[],
  );
}

export function uniqueEmail(prefix = 'merchant'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@shop.test`;
}
