import * as contracts from '@parcelport/shared/contracts/addresses/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf, type MessageKey, translate } from '../../i18n/messages.ts';
import { markAddressChecks, recipientsOf } from '../orders/queries.ts';
import { parseAddress } from '../orders/repo.ts';
import { type AddressCheck, addressStatus, checkAddress, issuesNote } from './validate.ts';
import { queryZone } from './zone-fee.ts';

/** Address checks (single and for orders in bulk) and the paid zone lookup of /findZone. */
export function addressCheckRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const withMessages = (check: AddressCheck, locale: ReturnType<typeof localeOf>) => ({
      ...check,
      issues: check.issues.map((issue) => ({
        ...issue,
        message: translate(`addr_${issue.code}` as MessageKey, locale),
      })),
    });

    bind(app, contracts.validateAddress, async (request) =>
      withMessages(checkAddress(request.body), localeOf(request.headers['accept-language'])),
    );

    bind(app, contracts.validateOrderAddresses, async (request) => {
      const locale = localeOf(request.headers['accept-language']);
      const orders = await recipientsOf(ctx.db, authOf(request).userId, request.body.ids);
      const results = orders.map((order) => {
        const check = checkAddress(parseAddress(order.to_address));
        const status = addressStatus(check);
        const note = issuesNote(check, locale);
        return { id: order.id, orderNo: order.order_no, status, note, check: withMessages(check, locale) };
      });
      await markAddressChecks(ctx.db, results);
      return {
        valid: results.filter((r) => r.status === 1).length,
        corrected: results.filter((r) => r.status === 2).length,
        invalid: results.filter((r) => r.status === 3).length,
        results,
      };
    });

    bind(app, contracts.queryZone, async (request) =>
      queryZone(ctx, authOf(request), request.body.originZip, request.body.destinationZip),
    );
  };
}
