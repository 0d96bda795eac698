/** Putting tags on orders and taking them off (issue 30): the merchant's own orders and tags only, one transaction. */
import { invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { countOrdersInScope, touchOrders } from '../orders/index.ts';
import { addOrderTags, checkOwnTags, removeOrderTags } from './repo.ts';

/**
 * `scope` is the call's (`own`): the merchant's orders, and of an API key's mode only (a test key tags its test
 * orders, never a live one: 400 on `ids` as for another merchant's).
 */
export async function setOrderTags(
  db: Db,
  scope: Scope & { userId: number },
  body: { ids: number[]; add: number[]; remove: number[] },
): Promise<number> {
  const { userId } = scope;
  const ids = [...new Set(body.ids)];
  return db.transaction().execute(async (trx) => {
    if ((await countOrdersInScope(trx, ids, scope)) !== ids.length) throw invalidFields({ ids: 'orderNotFound' });
    await checkOwnTags(trx, userId, body.add, 'add');
    await checkOwnTags(trx, userId, body.remove, 'remove');
    await removeOrderTags(trx, ids, body.remove);
    await addOrderTags(
      trx,
      ids.flatMap((order_id) => body.add.map((tag_id) => ({ order_id, tag_id }))),
    );
    await touchOrders(trx, ids);
    return ids.length;
  });
}
