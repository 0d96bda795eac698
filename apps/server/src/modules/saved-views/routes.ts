import type { SavedView, SavedViewState } from '@parcelport/shared/contracts/saved-views/index';
import * as contracts from '@parcelport/shared/contracts/saved-views/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { deleteOwnView, insertView, type SavedViewRow, viewsFor } from './repo.ts';

/**
 * Saved views of the order list. Every view belongs to the account whose orders it shows (the signed-in
 * account: a member's once issue 30's members exist, for now the account itself) and to the user who saved
 * it; a shared one is listed to the account's other members too, never to another account.
 */
function viewOf(row: SavedViewRow, userId: number): SavedView {
  return {
    id: Number(row.id),
    name: row.name,
    shared: row.shared === 1,
    mine: Number(row.user_id) === userId,
    state: JSON.parse(row.state) as SavedViewState,
    updatedAt: isoTime(Number(row.updated_at)) as string,
  };
}

export function savedViewRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listOrderViews, async (request) => {
      const { userId } = authOf(request);
      return (await viewsFor(ctx.db, userId, userId)).map((row) => viewOf(row, userId));
    });
    bind(app, contracts.saveOrderView, async (request) => {
      const { userId } = authOf(request);
      const now = Date.now();
      const row = await insertView(ctx.db, {
        account_id: userId,
        user_id: userId,
        name: request.body.name,
        shared: request.body.shared ? 1 : 0,
        state: JSON.stringify(request.body.state),
        created_at: now,
        updated_at: now,
      });
      return viewOf(row, userId);
    });
    bind(app, contracts.deleteOrderView, async (request) => {
      const deleted = await deleteOwnView(ctx.db, authOf(request).userId, request.params.id);
      if (deleted === 0) throw notFound('savedViewNotFound');
      return { deleted };
    });
  };
}
