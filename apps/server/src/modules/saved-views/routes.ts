import type { SavedView, SavedViewState } from '@parcelport/shared/contracts/saved-views/index';
import * as contracts from '@parcelport/shared/contracts/saved-views/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { deleteOwnView, insertView, type SavedViewRow, updateOwnView, viewsFor } from './repo.ts';

/**
 * Saved views of the order list. Every view belongs to the account whose orders it shows and to the person who
 * saved it: the account's owner, or a team member signed in as themselves (the session's actor). Staff acting as
 * the account save as the account. A shared view is listed to the account's other people too, never to
 * another account; only its maker changes or deletes it.
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

/** The account the views show and the person whose views they are. */
function ownerOf(request: FastifyRequest) {
  const auth = authOf(request);
  return { accountId: auth.userId, userId: auth.member ? (auth.actorId ?? auth.userId) : auth.userId };
}

export function savedViewRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listOrderViews, async (request) => {
      const { accountId, userId } = ownerOf(request);
      return (await viewsFor(ctx.db, accountId, userId)).map((row) => viewOf(row, userId));
    });
    bind(app, contracts.saveOrderView, async (request) => {
      const owner = ownerOf(request);
      const now = Date.now();
      const row = await insertView(ctx.db, {
        account_id: owner.accountId,
        user_id: owner.userId,
        name: request.body.name,
        shared: request.body.shared ? 1 : 0,
        state: JSON.stringify(request.body.state),
        created_at: now,
        updated_at: now,
      });
      return viewOf(row, owner.userId);
    });
    bind(app, contracts.updateOrderView, async (request) => {
      const owner = ownerOf(request);
      const { name, shared, state } = request.body;
      const row = await updateOwnView(ctx.db, owner, request.params.id, {
        ...(name === undefined ? {} : { name }),
        ...(shared === undefined ? {} : { shared: shared ? 1 : 0 }),
        ...(state === undefined ? {} : { state: JSON.stringify(state) }),
        updated_at: Date.now(),
      });
      if (!row) throw notFound('savedViewNotFound');
      return viewOf(row, owner.userId);
    });
    bind(app, contracts.deleteOrderView, async (request) => {
      const deleted = await deleteOwnView(ctx.db, ownerOf(request), request.params.id);
      if (deleted === 0) throw notFound('savedViewNotFound');
      return { deleted };
    });
  };
}
