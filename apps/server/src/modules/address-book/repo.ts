/** The address book's SQL (tables address_book and package_templates, both the merchant's own rows). */
import type { PackageTemplateBody as PackageTemplateInput } from '@parcelport/shared/contracts/address-book/schemas';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AddressBookTable, PackageTemplatesTable } from '../../db/schema.ts';

type AddressRow = Selectable<AddressBookTable>;
/** An entry's own columns: all but its owner and times. */
export type AddressColumns = Omit<Insertable<AddressBookTable>, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** One page of the merchant's entries matching the keyword (default sender first, newest next), and the count. */
export async function addressPage(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; keyword?: string | undefined },
) {
  // Case-insensitive on both databases (PostgreSQL's LIKE is case-sensitive).
  const like = query.keyword ? `%${query.keyword.toLowerCase()}%` : null;
  const matching = db
    .selectFrom('address_book')
    .where('user_id', '=', userId)
    .$if(like !== null, (qb) =>
      qb.where((eb) =>
        eb.or(
          (['title', 'person_name', 'company', 'phone', 'city', 'zip_code', 'address_line1'] as const).map((column) =>
            eb(eb.fn('lower', [column]), 'like', like as string),
          ),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy('is_default_sender', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The merchant's entry `id`, if it is theirs. */
export function addressRow(db: Db, userId: number, id: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('address_book')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Unsets the merchant's default sender, but entry `exceptId` when given. */
export async function clearDefaultSender(db: Db, userId: number, exceptId?: number): Promise<void> {
  await db
    .updateTable('address_book')
    .set({ is_default_sender: 0 })
    .where('user_id', '=', userId)
    .where('is_default_sender', '=', 1)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId as number))
    .execute();
}

/** Adds an entry to the merchant's book; answers it. */
export function insertAddress(db: Db, userId: number, columns: AddressColumns, now: number): Promise<AddressRow> {
  return db
    .insertInto('address_book')
    .values({ ...columns, user_id: userId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Rewrites the merchant's entry `id`; answers it, or nothing when it is not theirs. */
export function updateAddress(
  db: Db,
  userId: number,
  id: number,
  columns: AddressColumns,
  now: number,
): Promise<AddressRow | undefined> {
  return db
    .updateTable('address_book')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** The merchant's default sender entry, if one is set. */
export function defaultSenderRow(db: Db, userId: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('address_book')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default_sender', '=', 1)
    .executeTakeFirst();
}

type TemplateRow = Selectable<PackageTemplatesTable>;

/** One page of the merchant's package templates whose name matches the keyword, by name, and the count. */
export async function templatePage(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const matching = db
    .selectFrom('package_templates')
    .where('user_id', '=', userId)
    .$if(Boolean(query.keyword), (qb) =>
      qb.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${query.keyword?.toLowerCase()}%`)),
    );
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy('name')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Adds a package template for the merchant; answers it. */
export function insertTemplate(db: Db, userId: number, input: PackageTemplateInput, now: number): Promise<TemplateRow> {
  return db
    .insertInto('package_templates')
    .values({ ...input, user_id: userId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Rewrites the merchant's template `id`; answers it, or nothing when it is not theirs. */
export function updateTemplate(
  db: Db,
  userId: number,
  id: number,
  input: PackageTemplateInput,
  now: number,
): Promise<TemplateRow | undefined> {
  return db
    .updateTable('package_templates')
    .set({ ...input, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** The merchant's templates among `ids` (given without repeats). */
export function templateRows(db: Db, userId: number, ids: readonly number[]): Promise<TemplateRow[]> {
  return db.selectFrom('package_templates').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}
