/**
 * A merchant's product catalogue (issue 30), one row per SKU; the only writer of `products`. Store items and
 * import rows add the SKUs not known yet (what they say of a known SKU does not overwrite the merchant's
 * preset).
 */
import { formatCents } from '@parcelport/shared';
import type { ProductBody, ProductView } from '@parcelport/shared/contracts/products/index';
import type { Selectable } from 'kysely';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { refusingDuplicate } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { deleteOwnRows } from '../../db/own-rows.ts';
import type { ProductsTable } from '../../db/schema.ts';

export type ProductRow = Selectable<ProductsTable>;

interface StoredCustoms {
  description: string;
  hsCode: string;
  originCountry: string;
  value: number;
}

export function productOf(row: ProductRow): ProductView {
  const customs = JSON.parse(row.customs) as Partial<StoredCustoms>;
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    weight: row.weight,
    length: row.length,
    width: row.width,
    height: row.height,
    massUnit: row.mass_unit as ProductView['massUnit'],
    distanceUnit: row.distance_unit as ProductView['distanceUnit'],
    templateId: row.template_id,
    customs: {
      description: customs.description ?? '',
      hsCode: customs.hsCode ?? '',
      originCountry: customs.originCountry ?? '',
      value: formatCents(customs.value ?? 0),
    },
    updatedAt: isoTime(row.updated_at) as string,
  };
}

const columnsOf = (input: ProductBody) => ({
  sku: input.sku,
  name: input.name,
  weight: input.weight,
  length: input.length,
  width: input.width,
  height: input.height,
  mass_unit: input.massUnit,
  distance_unit: input.distanceUnit,
  template_id: input.templateId,
  customs: JSON.stringify(input.customs),
});

export async function listProducts(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const keyword = query.keyword?.toLowerCase();
  const matching = db
    .selectFrom('products')
    .where('user_id', '=', userId)
    .$if(Boolean(keyword), (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['sku']), 'like', `%${keyword}%`),
          eb(eb.fn('lower', ['name']), 'like', `%${keyword}%`),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy('sku')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function saveProduct(db: Db, userId: number, input: ProductBody, id?: number): Promise<ProductRow> {
  const now = Date.now();
  return refusingDuplicate('sku', 'skuTaken', async () => {
    const saved =
      id === undefined
        ? await db
            .insertInto('products')
            .values({ ...columnsOf(input), user_id: userId, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('products')
            .set({ ...columnsOf(input), updated_at: now })
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .returningAll()
            .executeTakeFirst();
    if (!saved) throw notFound();
    return saved;
  });
}

export const deleteProducts = (db: Db, userId: number, ids: number[]): Promise<number> =>
  deleteOwnRows(db, 'products', userId, ids);

/** What an arriving item says of its SKU: a name, and one unit's weight when the store knows it. */
export interface SeenItem {
  sku: string;
  name: string;
  weight?: { value: number; unit: 'lb' | 'oz' | 'kg' | 'g' } | undefined;
}

/** Adds the SKUs the merchant has no product for yet (a known SKU keeps its preset), in the caller's transaction. */
export async function addSeenProducts(db: Db, userId: number, items: readonly SeenItem[]): Promise<void> {
  const bySku = new Map<string, SeenItem>();
  for (const item of items) if (item.sku && !bySku.has(item.sku)) bySku.set(item.sku, item);
  const seen = [...bySku.values()];
  const now = Date.now();
  for (let start = 0; start < seen.length; start += 300)
    await db
      .insertInto('products')
      .values(
        seen.slice(start, start + 300).map((item) => ({
          user_id: userId,
          sku: item.sku,
          name: item.name.slice(0, 200),
          weight: item.weight?.value ?? 0,
          mass_unit: item.weight?.unit ?? 'lb',
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'sku']).doNothing())
      .execute();
}

/** The merchant's presets of these SKUs, by SKU. */
export async function presetsOf(db: Db, userId: number, skus: readonly string[]): Promise<Map<string, ProductRow>> {
  const unique = [...new Set(skus.filter(Boolean))];
  const found = new Map<string, ProductRow>();
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('products')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sku', 'in', unique.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.sku, row);
  }
  return found;
}
