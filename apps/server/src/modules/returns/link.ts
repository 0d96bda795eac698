/**
 * A return's public link (`/r/<id>`): an id of 192 random bits (unguessable; more than the 128 asked), kept
 * as its SHA-256 to look the return up and sealed with the server's key so the merchant can copy it again.
 * A copy of the database alone gives no link away.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Sealer } from '../../lib/sealed.ts';

/** The id's form: 32 characters of base64url (24 random bytes). */
export const LINK_ID = /^[A-Za-z0-9_-]{32}$/;

export const linkHashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export function newLink(sealer: Sealer): { id: string; hash: string; sealed: string } {
  const id = randomBytes(24).toString('base64url');
  return { id, hash: linkHashOf(id), sealed: sealer.seal(id) };
}

/** The path of the public return page, as the web app serves it. */
export const linkPath = (id: string) => `/r/${id}`;
