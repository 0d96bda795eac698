import type { PackageTemplateBody as PackageTemplateInput } from '@parcelport/shared/contracts/address-book/schemas';
import type { Selectable } from 'kysely';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { refusingDuplicate } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { deleteOwnRows } from '../../db/own-rows.ts';
import type { PackageTemplatesTable } from '../../db/schema.ts';

export type TemplateRow = Selectable<PackageTemplatesTable>;

export function packageTemplateOf(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    quantity: row.quantity,
    length: row.length,
    width: row.width,
    height: row.height,
    weight: row.weight,
    unit: row.unit as PackageTemplateInput['unit'],
    createdAt: isoTime(row.created_at) as string,
    updatedAt: isoTime(row.updated_at) as string,
  };
}

export async function listTemplates(
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

/** Creates the template, or rewrites template `id`; names are unique per user. */
export async function saveTemplate(db: Db, userId: number, input: PackageTemplateInput, id?: number) {
  const now = Date.now();
  return refusingDuplicate('name', 'templateNameTaken', async () => {
    const saved =
      id === undefined
        ? await db
            .insertInto('package_templates')
            .values({ ...input, user_id: userId, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('package_templates')
            .set({ ...input, updated_at: now })
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .returningAll()
            .executeTakeFirst();
    if (!saved) throw notFound();
    return saved;
  });
}

export const deleteTemplates = (db: Db, userId: number, ids: number[]): Promise<number> =>
  deleteOwnRows(db, 'package_templates', userId, ids);

/** The merchant's templates among `ids`, by id (rules and products name them). */
export async function templatesByIds(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, TemplateRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('package_templates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
