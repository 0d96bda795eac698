/** Contact requests (migration 0033): what visitors asked on /contactUs and what staff answered. */
import type { ContactInput } from '@parcelport/shared/contracts/site/schemas';
import type { Db } from '../../db/index.ts';

export interface ContactFilter {
  status?: number;
  keyword?: string;
}

export async function insertContact(
  db: Db,
  input: ContactInput,
  meta: { language: string; ip: string; now: number },
): Promise<number> {
  const { id } = await db
    .insertInto('contact_requests')
    .values({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      monthly_volume: input.monthlyVolume,
      question: input.question,
      language: meta.language,
      ip: meta.ip,
      created_at: meta.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function filtered(db: Db, filter: ContactFilter) {
  let query = db.selectFrom('contact_requests');
  if (filter.status !== undefined) query = query.where('contact_requests.status', '=', filter.status);
  if (filter.keyword) {
    const like = `%${filter.keyword.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or(
        (['first_name', 'last_name', 'email', 'question'] as const).map((column) =>
          eb(eb.fn('lower', [`contact_requests.${column}`]), 'like', like),
        ),
      ),
    );
  }
  return query;
}

const contactColumns = (db: Db) =>
  db
    .selectFrom('contact_requests')
    .leftJoin('users as staff', 'staff.id', 'contact_requests.replied_by')
    .selectAll('contact_requests')
    .select('staff.username as replied_by_name');

export async function contactPage(db: Db, filter: ContactFilter, pageSize: number, offset: number) {
  const ids = filtered(db, filter).select('contact_requests.id');
  const [rows, total] = await Promise.all([
    contactColumns(db)
      .where('contact_requests.id', 'in', ids)
      .orderBy('contact_requests.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findContact(db: Db, id: number) {
  return contactColumns(db).where('contact_requests.id', '=', id).executeTakeFirst();
}
export type ContactRow = NonNullable<Awaited<ReturnType<typeof findContact>>>;

/** Records the answer once: false when the request was already answered (or is gone). */
export async function markAnswered(db: Db, id: number, reply: string, staffId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('contact_requests')
    .set({ status: 1, reply, replied_by: staffId, replied_at: now })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
