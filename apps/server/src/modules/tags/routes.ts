import * as contracts from '@parcelport/shared/contracts/tags/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { deleteTags, listTags, saveTag } from './repo.ts';
import { setOrderTags } from './service.ts';

/** A merchant's order tags (issue 30): its own tags, put on its own orders. */
export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
    bind(app, contracts.listTags, async (request) => listTags(ctx.db, userOf(request)));
    bind(app, contracts.createTag, async (request) => saveTag(ctx.db, userOf(request), request.body));
    bind(app, contracts.updateTag, async (request) =>
      saveTag(ctx.db, userOf(request), request.body, request.params.id),
    );
    bind(app, contracts.deleteTags, async (request) => ({
      deleted: await ctx.db.transaction().execute((trx) => deleteTags(trx, userOf(request), request.body.ids)),
    }));
    bind(app, contracts.setOrderTags, async (request) => ({
      updated: await setOrderTags(ctx.db, { ...scopeOf(request), userId: userOf(request) }, request.body),
    }));
  };
}
