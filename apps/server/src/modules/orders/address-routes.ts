import { getCity } from '@parcelport/shared/contracts/addresses/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { lookupZip } from '../../geo/zip-table.ts';
import { bind } from '../../http/contract-route.ts';

/**
 * GET /api/app/user/address/getCity (docs/api.md): the city and state of a US ZIP, for filling the order
 * screen's addresses from the ZIP; a ZIP that is not known answers the 404 envelope.
 */
export function addressRoutes(_ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, getCity, (request) => {
      const found = lookupZip(request.query.zip);
      if (!found) throw notFound('zipNotFound');
      return found;
    });
  };
}
