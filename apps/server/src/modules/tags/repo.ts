/** A merchant's order tags and which orders carry them (issue 30); the only writer of `tags` and `order_tags`. */
import type { TagInput, TagView } from '@parcelport/shared/contracts/tags/index';
import { invalidFields, notFound } from '../../core/errors.ts';
import { refusingDuplicate } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';

export async function listTags(db: Db, userId: number): Promise<TagView[]> {
  return db.selectFrom('tags').select(['id', 'name', 'color']).where('user_id', '=', userId).orderBy('name').execute();
}

export async function saveTag(db: Db, userId: number, input: Required<TagInput>, id?: number): Promise<TagView> {
  return refusingDuplicate('name', 'tagNameTaken', async () => {
    const saved =
      id === undefined
        ? await db
            .insertInto('tags')
            .values({ ...input, user_id: userId, created_at: Date.now() })
            .returning(['id', 'name', 'color'])
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('tags')
            .set(input)
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .returning(['id', 'name', 'color'])
            .executeTakeFirst();
    if (!saved) throw notFound('tagNotFound');
    return saved;
  });
}

/** Deletes the merchant's tags and takes them off its orders; answers how many tags went. */
export async function deleteTags(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  const own = await ownTagIds(db, userId, ids);
  if (own.length === 0) return 0;
  await db.deleteFrom('order_tags').where('tag_id', 'in', own).execute();
  const result = await db.deleteFrom('tags').where('id', 'in', own).executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function ownTagIds(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

/** Refuses (400 on `field`) any tag id that is not the merchant's own. */
export async function checkOwnTags(db: Db, userId: number, ids: readonly number[], field: string): Promise<void> {
  const own = new Set(await ownTagIds(db, userId, ids));
  if (ids.some((id) => !own.has(id))) throw invalidFields({ [field]: 'tagNotFound' });
}

/** Puts each (order, tag) pair on, leaving pairs already there as they are. */
export async function addOrderTags(db: Db, pairs: readonly { order_id: number; tag_id: number }[]): Promise<void> {
  for (let start = 0; start < pairs.length; start += 500)
    await db
      .insertInto('order_tags')
      .values(pairs.slice(start, start + 500))
      .onConflict((oc) => oc.columns(['order_id', 'tag_id']).doNothing())
      .execute();
}

export async function removeOrderTags(db: Db, orderIds: readonly number[], tagIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0 || tagIds.length === 0) return;
  await db
    .deleteFrom('order_tags')
    .where('order_id', 'in', [...orderIds])
    .where('tag_id', 'in', [...tagIds])
    .execute();
}

/** Each order's tags by name, for the lists and the detail (staff read them too). */
export async function tagsOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, TagView[]>> {
  const byOrder = new Map<number, TagView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_tags')
    .innerJoin('tags', 'tags.id', 'order_tags.tag_id')
    .select(['order_tags.order_id', 'tags.id', 'tags.name', 'tags.color'])
    .where('order_tags.order_id', 'in', [...orderIds])
    .orderBy('tags.name')
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** The tag ids each order carries (the rules' `tagIds` condition reads them). */
export async function tagIdsOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, number[]>> {
  const tags = await tagsOfOrders(db, orderIds);
  return new Map([...tags].map(([orderId, list]) => [orderId, list.map((tag) => tag.id)]));
}
