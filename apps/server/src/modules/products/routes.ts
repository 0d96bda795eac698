import * as contracts from '@parcelport/shared/contracts/products/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { deleteProducts, listProducts, productOf } from './repo.ts';
import { saveProductChecked } from './service.ts';

/** A merchant's product catalogue (issue 30): its own products only. */
export function productRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
    bind(app, contracts.listProducts, async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await listProducts(ctx.db, userOf(request), request.query);
      return { list: rows.map(productOf), total, page, pageSize };
    });
    bind(app, contracts.createProduct, async (request) =>
      productOf(await saveProductChecked(ctx.db, userOf(request), request.body)),
    );
    bind(app, contracts.updateProduct, async (request) =>
      productOf(await saveProductChecked(ctx.db, userOf(request), request.body, request.params.id)),
    );
    bind(app, contracts.deleteProducts, async (request) => ({
      deleted: await deleteProducts(ctx.db, userOf(request), request.body.ids),
    }));
  };
}
