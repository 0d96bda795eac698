/**
 * The shared state of each channel's upstream gate (tables channel_gates and channel_slots, 0024; the
 * minute ring, 0150): every change is one conditional update, so app instances racing for a turn, a slot or
 * the breaker's probe never both win.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { MinuteSlot } from '../../db/schema.ts';

/** The gate's breaker and the credentials (what the staff's channel list shows of it too). */
export interface GateRow {
  failures: number;
  paused_until: number;
  auth_failed_at: number | null;
  auth_error: string;
}

type MinuteRing = { [S in MinuteSlot as `minute_count_${S}` | `minute_last_${S}`]: number };

/** The gate's request counts: the current second's, the minute ring's and the clock hour's. */
export type GateCounts = MinuteRing & {
  second_start: number;
  second_count: number;
  hour_start: number;
  hour_count: number;
};

const GATE_COLUMNS = ['failures', 'paused_until', 'auth_failed_at', 'auth_error'] as const;

/**
 * The minute ring's slots, one a second: a second's slot is the second (epoch seconds) modulo 61, so the 61
 * seconds a 60-second window can touch never share one. A slot's latest time tells which second it holds.
 */
const MINUTE_SLOTS = Array.from({ length: 61 }, (_, slot) => String(slot).padStart(2, '0') as MinuteSlot);

const countOf = (slot: MinuteSlot) => `minute_count_${slot}` as const;
const lastOf = (slot: MinuteSlot) => `minute_last_${slot}` as const;

const COUNT_COLUMNS = [
  'second_start',
  'second_count',
  'hour_start',
  'hour_count',
  ...MINUTE_SLOTS.flatMap((slot) => [countOf(slot), lastOf(slot)]),
] as const;

/** The channel's gate row, created (all counters at zero) the first time it is asked for. */
export async function gateRow(db: Db, channelId: number): Promise<GateRow> {
  const read = () =>
    db.selectFrom('channel_gates').select(GATE_COLUMNS).where('channel_id', '=', channelId).executeTakeFirst();
  const row = await read();
  if (row) return row;
  await db
    .insertInto('channel_gates')
    .values({ channel_id: channelId })
    .onConflict((oc) => oc.column('channel_id').doNothing())
    .execute();
  return (await read()) as GateRow;
}

/** The channel's request counts (its gate row exists: gateRow made it). */
export async function gateCounts(db: Db, channelId: number): Promise<GateCounts> {
  return (await db
    .selectFrom('channel_gates')
    .select(COUNT_COLUMNS)
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow()) as GateCounts;
}

/**
 * The seconds of the ring that still count at `now`, oldest first: those whose latest request is less than
 * 60 s old. A second whose latest request is within the window counts whole (its earlier requests may be
 * just older), so the count is never under what the last 60 s really hold.
 */
export function minuteInUse(row: GateCounts, now: number): { count: number; last: number }[] {
  return MINUTE_SLOTS.map((slot) => ({ count: row[countOf(slot)], last: row[lastOf(slot)] }))
    .filter((second) => second.count > 0 && second.last > now - 60_000)
    .sort((a, b) => a.last - b.last);
}

/** The clock hour `now` falls in (epoch ms at its start). */
export const hourOf = (now: number) => now - (now % 3_600_000);

/** Requests counted in the clock hour `now` falls in. */
export const hourCount = (row: Pick<GateCounts, 'hour_start' | 'hour_count'>, now: number) =>
  row.hour_start === hourOf(now) ? row.hour_count : 0;

/**
 * Counts one request in the current second, the minute ring and the clock hour unless one of them is full
 * (a limit of 0 is no limit): true when the request may go. The minute is the last 60 s, counted by the
 * second (minuteInUse): the ring's seconds whose latest request is within them. The check and the count are
 * one conditional update of the gate row, so instances racing for the last turn never both get it.
 */
export async function takeTurn(
  db: Db,
  channelId: number,
  now: number,
  limits: { perSecond: number; perMinute: number; perHour: number },
): Promise<boolean> {
  const second = now - (now % 1000);
  const hour = hourOf(now);
  const current = Math.floor(now / 1000) % 61;
  const inMinute = sql.join(
    MINUTE_SLOTS.map(
      (slot) => sql`case when ${sql.ref(lastOf(slot))} > ${now - 60_000} then ${sql.ref(countOf(slot))} else 0 end`,
    ),
    sql` + `,
  );
  // This second's slot counts one more when it holds this second already, else it starts over; the others
  // stay. The slot is a parameter (not which columns are set), so the statement's text is the same in every
  // second: one prepared statement.
  const ring = Object.fromEntries(
    MINUTE_SLOTS.flatMap((slot, index) => {
      const [count, last] = [sql.ref(countOf(slot)), sql.ref(lastOf(slot))];
      const other = sql`${current} <> ${sql.lit(index)}`;
      return [
        [
          countOf(slot),
          sql<number>`case when ${other} then ${count} when ${last} >= ${second} then ${count} + 1 else 1 end`,
        ],
        [lastOf(slot), sql<number>`case when ${other} or ${last} > ${now} then ${last} else ${now} end`],
      ];
    }),
  ) as { [K in keyof MinuteRing]: RawBuilder<number> };
  const result = await db
    .updateTable('channel_gates')
    .set((eb) => ({
      ...ring,
      second_start: second,
      second_count: eb
        .case()
        .when('second_start', '=', second)
        .then(eb('second_count', '+', 1))
        .else(1)
        .end(),
      hour_start: hour,
      hour_count: eb
        .case()
        .when('hour_start', '=', hour)
        .then(eb('hour_count', '+', 1))
        .else(1)
        .end(),
    }))
    .where('channel_id', '=', channelId)
    .$if(limits.perSecond > 0, (qb) =>
      qb.where((eb) => eb.or([eb('second_start', '<>', second), eb('second_count', '<', limits.perSecond)])),
    )
    .$if(limits.perMinute > 0, (qb) => qb.where(sql<boolean>`${inMinute} + 1 <= ${limits.perMinute}`))
    .$if(limits.perHour > 0, (qb) =>
      qb.where((eb) => eb.or([eb('hour_start', '<>', hour), eb('hour_count', '<', limits.perHour)])),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the paused channel's one probe: the pause is moved on to `until` only by the instance that saw
 * it lapse at `lapsed`, so of instances racing for the probe exactly one wins.
 */
export async function claimProbe(db: Db, channelId: number, lapsed: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('channel_gates')
    .set({ paused_until: until })
    .where('channel_id', '=', channelId)
    .where('paused_until', '=', lapsed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A transient failure: one more in a row, and the channel paused until `pauseUntil` once they reach `threshold`. */
export async function countFailure(db: Db, channelId: number, threshold: number, pauseUntil: number): Promise<void> {
  await db
    .updateTable('channel_gates')
    .set((eb) => ({
      failures: eb('failures', '+', 1),
      paused_until: eb
        .case()
        .when(eb('failures', '+', 1), '>=', threshold)
        .then(eb.val(pauseUntil))
        .else(eb.ref('paused_until'))
        .end(),
    }))
    .where('channel_id', '=', channelId)
    .execute();
}

/**
 * The carrier answered: the breaker closes, and (`credentialsWork`, an answer carried out) an earlier refusal of
 * the credentials is cleared. Writes only a row that has something to clear.
 */
export async function clearFailures(db: Db, channelId: number, credentialsWork: boolean): Promise<void> {
  await db
    .updateTable('channel_gates')
    .set(
      credentialsWork
        ? { failures: 0, paused_until: 0, auth_failed_at: null, auth_error: '' }
        : { failures: 0, paused_until: 0 },
    )
    .where('channel_id', '=', channelId)
    .where((eb) =>
      eb.or([
        eb('failures', '>', 0),
        eb('paused_until', '>', 0),
        ...(credentialsWork ? [eb('auth_failed_at', 'is not', null)] : []),
      ]),
    )
    .execute();
}

/** The credentials were refused; true only for the first refusal since they last worked (whom to alert). */
export async function markAuthFailed(db: Db, channelId: number, now: number, message: string): Promise<boolean> {
  const result = await db
    .updateTable('channel_gates')
    .set({ auth_failed_at: now, auth_error: message.slice(0, 500) })
    .where('channel_id', '=', channelId)
    .where('auth_failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Makes sure the channel has slot rows 0…count-1 (a raised limit adds rows; a lowered one leaves extras unused). */
export async function ensureSlots(db: Db, channelId: number, count: number): Promise<void> {
  await db
    .insertInto('channel_slots')
    .values(Array.from({ length: count }, (_, slot) => ({ channel_id: channelId, slot })))
    .onConflict((oc) => oc.columns(['channel_id', 'slot']).doNothing())
    .execute();
}

/** Holds a free slot below `count` until `until` for `holder`; the slot taken, or null when all are held. */
export async function holdSlot(
  db: Db,
  channelId: number,
  count: number,
  now: number,
  until: number,
  holder: string,
): Promise<number | null> {
  const free = await db
    .selectFrom('channel_slots')
    .select('slot')
    .where('channel_id', '=', channelId)
    .where('slot', '<', count)
    .where('held_until', '<', now)
    .limit(8)
    .execute();
  // Tried in a random order, so instances that read the same free slots mostly pick different ones.
  for (const { slot } of free.sort(() => Math.random() - 0.5)) {
    const result = await db
      .updateTable('channel_slots')
      .set({ held_until: until, holder })
      .where('channel_id', '=', channelId)
      .where('slot', '=', slot)
      .where('held_until', '<', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return slot;
  }
  return null;
}

export async function freeSlot(db: Db, channelId: number, slot: number, holder: string): Promise<void> {
  await db
    .updateTable('channel_slots')
    .set({ held_until: 0, holder: '' })
    .where('channel_id', '=', channelId)
    .where('slot', '=', slot)
    .where('holder', '=', holder)
    .execute();
}

/** Every channel's breaker and credentials as last recorded, by channel id (channels never called have none). */
export async function gateRows(db: Db): Promise<Map<number, GateRow>> {
  const rows = await db
    .selectFrom('channel_gates')
    .select(['channel_id', ...GATE_COLUMNS])
    .execute();
  return new Map(rows.map(({ channel_id, ...row }) => [channel_id, row]));
}
