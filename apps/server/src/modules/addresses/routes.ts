import { FUND_TYPE, formatCents, ZONE_QUERY_FEE_CENTS } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { zoneBetween } from '../../geo/zones.ts';
import { authOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, invalidFields } from '../../http/errors.ts';
import { localeOf, type MessageKey, translate } from '../../i18n/messages.ts';
import { applyMovement } from '../funds/ledger.ts';
import { parseAddress } from '../orders/repo.ts';
import { type AddressCheck, addressStatus, checkAddress, issuesNote } from './validate.ts';

const addressBody = z.object({
  countryCode: z.string().trim().default('US'),
  stateCode: z.string().trim().default(''),
  city: z.string().trim().default(''),
  addressLine1: z.string().trim().default(''),
  addressLine2: z.string().trim().default(''),
  zipCode: z.string().trim().default(''),
});

/** Address checks (single and for orders in bulk) and the paid zone lookup of /findZone. */
export function addressCheckRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const withMessages = (check: AddressCheck, locale: ReturnType<typeof localeOf>) => ({
      ...check,
      issues: check.issues.map((issue) => ({
        ...issue,
        message: translate(`addr_${issue.code}` as MessageKey, locale),
      })),
    });

    app.post(
      '/app/user/address/validate',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['addresses'],
          summary:
            'Check an address: ZIP exists, city/state agree (corrections suggested), standard street form, PO box and military flags',
          body: addressBody,
        },
      },
      async (request) => ok(withMessages(checkAddress(request.body), localeOf(request.headers['accept-language']))),
    );

    app.post(
      '/app/user/address/validate/batch',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['addresses'],
          summary:
            'Check the recipient address of each order and mark the order (1 valid, 2 valid with corrections, 3 invalid)',
          body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(10_000) }),
        },
      },
      async (request) => {
        const locale = localeOf(request.headers['accept-language']);
        const orders = await ctx.db
          .selectFrom('orders')
          .select(['id', 'order_no', 'to_address'])
          .where('user_id', '=', authOf(request).userId)
          .where('id', 'in', request.body.ids)
          .execute();
        const results = orders.map((order) => {
          const check = checkAddress(parseAddress(order.to_address));
          const status = addressStatus(check);
          const note = issuesNote(check, locale);
          return { id: order.id, orderNo: order.order_no, status, note, check: withMessages(check, locale) };
        });
        await ctx.db.transaction().execute(async (trx) => {
          for (const result of results) {
            await trx
              .updateTable('orders')
              .set({ address_status: result.status, address_note: result.note })
              .where('id', '=', result.id)
              .execute();
          }
        });
        return ok({
          valid: results.filter((r) => r.status === 1).length,
          corrected: results.filter((r) => r.status === 2).length,
          invalid: results.filter((r) => r.status === 3).length,
          results,
        });
      },
    );

    app.post(
      '/app/zone/query',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['addresses'],
          summary: 'Zone between two ZIPs (chart, or distance-estimated); costs 0.10 USD from the wallet per query',
          body: z.object({
            originZip: z
              .string()
              .trim()
              .regex(/^\d{5}$/),
            destinationZip: z
              .string()
              .trim()
              .regex(/^\d{5}$/),
          }),
        },
      },
      async (request) => {
        const auth = authOf(request);
        const zone = await zoneBetween(ctx.db, request.body.originZip, request.body.destinationZip);
        if (!zone) throw invalidFields({ destinationZip: 'zipNotFound' });
        const charged = await ctx.db.transaction().execute((trx) =>
          applyMovement(trx, {
            userId: auth.userId,
            currency: 'USD',
            type: FUND_TYPE.zoneFee,
            amount: -ZONE_QUERY_FEE_CENTS,
            reference: {
              type: 'zone',
              id: auth.userId,
              no: `${request.body.originZip}-${request.body.destinationZip}`,
            },
            actorId: auth.actorId ?? auth.userId,
          }).catch((error: unknown) => {
            throw error instanceof AppError && error.key === 'insufficientFunds'
              ? new AppError(422, 'zoneFeeShort')
              : error;
          }),
        );
        return ok({ ...zone, fee: formatCents(ZONE_QUERY_FEE_CENTS), balanceAfter: formatCents(charged.balanceAfter) });
      },
    );
  };
}
