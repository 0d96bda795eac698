import type { PackageTemplateBody as PackageTemplateInput } from '@parcelport/shared/contracts/address-book/schemas';
import type { Selectable } from 'kysely';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { refusingDuplicate } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { deleteOwnRows } from '../../db/own-rows.ts';
import type { PackageTemplatesTable } from '../../db/schema.ts';
import { insertTemplate, templateRows, updateTemplate } from './repo.ts';

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

/** Creates the template, or rewrites template `id`; names are unique per user. */
export async function saveTemplate(db: Db, userId: number, input: PackageTemplateInput, id?: number) {
  const now = Date.now();
  return refusingDuplicate('name', 'templateNameTaken', async () => {
    const saved =
      id === undefined
        ? await insertTemplate(db, userId, input, now)
        : await updateTemplate(db, userId, id, input, now);
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
  const rows = await templateRows(db, userId, unique);
  return new Map(rows.map((row) => [row.id, row]));
}
