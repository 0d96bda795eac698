import { DAY_MS, HOUR_MS, type KeyArea, type KeyMode, MAX_API_KEYS } from '@parcelport/shared';
import { AppError, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { countLiveKeys, insertKeyRow, liveKeyRow, liveKeyRows, markKeyRolled, revokeKeyRow } from './api-keys-repo.ts';

/**
 * Every key starts so, with its mode, which tells a leaked key for what it is (secret scanners look for such
 * prefixes): `pp_test_…` or `pp_live_…` (keys made before modes start `pp_` and are live).
 */
const keyPrefix = (mode: KeyMode) => `pp_${mode}_`;
/** Characters of a key kept in clear beyond its prefix, to tell keys apart in the list. */
const SHOWN_CHARACTERS = 6;
/** An expiry for a key that never expires: 9999-12-31, so the sessions' expiry check needs no exception. */
const NEVER = Date.UTC(9999, 11, 31);

/** A JSON array column (areas, addresses); null or empty: no limit. */
export function limitList<T extends string>(text: string | null): T[] | null {
  if (text === null) return null;
  const list = JSON.parse(text) as T[];
  return list.length > 0 ? list : null;
}

/** A key's mode from its row: every key made before modes is live. */
export const keyModeOf = (row: { api_key_test: number }): KeyMode => (row.api_key_test === 1 ? 'test' : 'live');

const listColumn = (list: readonly string[] | null) => (list && list.length > 0 ? JSON.stringify(list) : null);

export function apiKeyView(row: {
  id: number;
  api_key_name: string | null;
  api_key_prefix: string | null;
  issued_at: number;
  expires_at: number;
  last_used_at: number | null;
  last_used_ip: string | null;
  api_key_read_only: number;
  api_key_test: number;
  api_key_areas: string | null;
  api_key_ips: string | null;
  api_key_rolled_at: number | null;
}) {
  return {
    id: row.id,
    name: row.api_key_name ?? '',
    prefix: row.api_key_prefix ?? '',
    mode: keyModeOf(row),
    createdAt: isoTime(row.issued_at) as string,
    expiresAt: row.expires_at >= NEVER ? null : isoTime(row.expires_at),
    lastUsedAt: isoTime(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    readOnly: row.api_key_read_only === 1,
    areas: limitList<KeyArea>(row.api_key_areas),
    ips: limitList(row.api_key_ips),
    rolledAt: isoTime(row.api_key_rolled_at),
  };
}

export async function listApiKeys(db: Db, userId: number) {
  const rows = await liveKeyRows(db, userId);
  return rows.map(apiKeyView);
}

export interface KeyLimits {
  mode: KeyMode;
  readOnly: boolean;
  areas: readonly KeyArea[] | null;
  ips: readonly string[] | null;
}

/**
 * Writes a new key row; the key itself is answered this once and kept only as its SHA-256. A successor made by
 * a roll names the key its line began with (`lineage`), whose rate-limit count it shares. A key made by a team
 * member names the member as its actor (`madeBy`), as the member's sign-in sessions do: it calls with the
 * member's permissions as they are at each call, never the owner's, and stops with the membership
 * (auth/identities.ts), so a member holding `keys` gains nothing through a key it could not do signed in.
 */
async function insertKey(
  db: Db,
  userId: number,
  name: string,
  expiresAt: number,
  limits: KeyLimits,
  madeBy: number | null,
  lineage: number | null = null,
) {
  const prefix = keyPrefix(limits.mode);
  const key = `${prefix}${newToken()}`;
  const row = await insertKeyRow(db, {
    token_hash: sha256(key),
    user_id: userId,
    actor_id: madeBy,
    issued_at: Date.now(),
    expires_at: expiresAt,
    api_key_name: name,
    api_key_prefix: key.slice(0, prefix.length + SHOWN_CHARACTERS),
    api_key_read_only: limits.readOnly ? 1 : 0,
    api_key_test: limits.mode === 'test' ? 1 : 0,
    api_key_areas: listColumn(limits.areas),
    api_key_ips: listColumn(limits.ips),
    api_key_lineage: lineage,
  });
  return { key, ...apiKeyView(row) };
}

/**
 * Makes a key in the mode asked, limited to reading, to areas and to addresses as asked; `member` is the team
 * member making it (null for the owner), whose permissions the key then has.
 */
export async function createApiKey(
  db: Db,
  userId: number,
  { name, lifetimeDays, ...limits }: { name: string; lifetimeDays: number | null } & KeyLimits,
  member: number | null,
) {
  return db.transaction().execute(async (trx) => {
    if ((await countLiveKeys(trx, userId)) >= MAX_API_KEYS)
      throw new AppError(422, 'apiKeyLimit', null, { max: MAX_API_KEYS });
    const expiresAt = lifetimeDays === null ? NEVER : Date.now() + lifetimeDays * DAY_MS;
    return insertKey(trx, userId, name, expiresAt, limits, member);
  });
}

/**
 * Rolls a key: a new secret with the key's name, mode, limits and expiry, while the old secret works on for
 * `overlapHours` (never past its own expiry) and then stops, so a program can be switched over without a
 * gap. A key already rolled is not rolled again (409): its successor is the one to roll.
 */
export async function rollApiKey(db: Db, userId: number, id: number, overlapHours: number, member: number | null) {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const old = await liveKeyRow(trx, userId, id);
    if (!old) throw notFound();
    // The successor has the key's own powers (its actor's): a member rolls only the keys it made, never the
    // owner's (which would hand it a secret with the owner's powers) nor another member's.
    if (member !== null && old.actor_id !== member) {
      throw new AppError(403, 'memberOwnerOnly', { reason: 'memberOwnerOnly' });
    }
    const stopsAt = Math.min(old.expires_at, now + overlapHours * HOUR_MS);
    // Conditional on not rolled yet, so two rolls racing make one successor.
    if (!(await markKeyRolled(trx, id, now, stopsAt))) throw new AppError(409, 'apiKeyRolled');
    return insertKey(
      trx,
      userId,
      old.api_key_name ?? '',
      old.expires_at,
      {
        mode: keyModeOf(old),
        readOnly: old.api_key_read_only === 1,
        areas: limitList<KeyArea>(old.api_key_areas),
        ips: limitList(old.api_key_ips),
      },
      old.actor_id,
      old.api_key_lineage ?? old.id,
    );
  });
}

export async function revokeApiKey(db: Db, userId: number, id: number): Promise<void> {
  if (!(await revokeKeyRow(db, userId, id))) throw notFound();
}
