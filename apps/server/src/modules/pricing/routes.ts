import { formatCents } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { emptyEnvelope, envelope, isoTime, ok } from '../../http/envelope.ts';
import { invalidFields, notFound } from '../../http/errors.ts';
import { moneyInput } from '../../http/money.ts';
import { queryId } from '../../http/numbers.ts';
import { scopeOf } from '../../http/scope.ts';
import { accountInScope, whereAccountInScope } from '../users/scope.ts';

const access = { codes: ['getComputeInfo'] };
/** Price rules belong to the platform; which accounts a rule applies to is the staff member's customers' business. */
const rules = { access, scope: 'any' } as const;
const relations = { access, scope: 'ownCustomers' } as const;

const ruleBody = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, 'fieldRequired').max(100),
  channelId: z.number().int().positive().nullable().default(null),
  serviceId: z.number().int().positive().nullable().default(null),
  /** Markup percentage, e.g. "12.5" for 12.5%. */
  percent: z
    .union([z.string(), z.number()])
    .transform((value) => Math.round(Number(value) * 100))
    .refine((bp) => Number.isInteger(bp) && bp >= -5000 && bp <= 100_000, 'invalidInput')
    .default(0),
  fixed: moneyInput.default(0),
  isDefault: z.boolean().default(false),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});

const relationBody = z.object({ userId: z.number().int().positive(), ruleId: z.number().int().positive() });

/** Pricing rules (SPEC §2 rateCalculation): markups by percentage and/or fixed amount per channel or service. */
export function pricingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/compute/getInfo',
      {
        config: relations,
        schema: {
          tags: ['pricing'],
          summary: 'Price rules with the users they apply to',
          querystring: z.object({ id: queryId().optional() }),
        },
      },
      async (request) => {
        const [rules, relations] = await Promise.all([
          ctx.db
            .selectFrom('price_rules')
            .selectAll()
            .$if(request.query.id !== undefined, (qb) => qb.where('id', '=', request.query.id as number))
            .orderBy('id')
            .execute(),
          ctx.db
            .selectFrom('user_price_rules')
            .innerJoin('users', 'users.id', 'user_price_rules.user_id')
            .select(['user_price_rules.rule_id', 'users.id', 'users.username'])
            .$call((qb) => whereAccountInScope(qb, 'users.id', scopeOf(request)))
            .execute(),
        ]);
        if (request.query.id !== undefined && rules.length === 0) throw notFound('ruleNotFound');
        return ok(
          rules.map((rule) => ({
            id: rule.id,
            name: rule.name,
            channelId: rule.channel_id,
            serviceId: rule.service_id,
            percent: (rule.percent_bp / 100).toFixed(2),
            fixed: formatCents(rule.fixed_cents),
            isDefault: rule.is_default === 1,
            status: rule.status,
            updatedAt: isoTime(rule.updated_at),
            users: relations.filter((r) => r.rule_id === rule.id).map((r) => ({ id: r.id, username: r.username })),
          })),
        );
      },
    );

    app.post(
      '/admin/compute/addOrUpdate',
      {
        config: rules,
        schema: {
          tags: ['pricing'],
          summary: 'Create or change a price rule',
          body: ruleBody,
          response: { 200: envelope(z.object({ id: z.number() })) },
        },
      },
      async (request) => {
        const { id, name, channelId, serviceId, percent, fixed, isDefault, status } = request.body;
        if (serviceId !== null) {
          const service = await ctx.db
            .selectFrom('carrier_services')
            .select('channel_id')
            .where('id', '=', serviceId)
            .executeTakeFirst();
          if (!service) throw invalidFields({ serviceId: 'serviceNotFound' });
          if (channelId !== null && service.channel_id !== channelId)
            throw invalidFields({ serviceId: 'serviceNotFound' });
        }
        const values = {
          name,
          channel_id: channelId,
          service_id: serviceId,
          percent_bp: percent,
          fixed_cents: fixed,
          is_default: isDefault ? 1 : 0,
          status,
          updated_at: Date.now(),
        };
        if (id) {
          const result = await ctx.db.updateTable('price_rules').set(values).where('id', '=', id).executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) throw notFound('ruleNotFound');
          return ok({ id });
        }
        const row = await ctx.db
          .insertInto('price_rules')
          .values({ ...values, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok({ id: row.id });
      },
    );

    app.post(
      '/admin/addUserPriceRuleRelation',
      {
        config: relations,
        schema: {
          tags: ['pricing'],
          summary: 'Apply a price rule to a user',
          body: relationBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        request.logSubjectId = request.body.userId;
        await accountInScope(ctx.db, scopeOf(request), request.body.userId);
        const rule = await ctx.db
          .selectFrom('price_rules')
          .select('id')
          .where('id', '=', request.body.ruleId)
          .executeTakeFirst();
        if (!rule) throw invalidFields({ ruleId: 'ruleNotFound' });
        await ctx.db
          .insertInto('user_price_rules')
          .values({ user_id: request.body.userId, rule_id: request.body.ruleId })
          .onConflict((oc) => oc.columns(['user_id', 'rule_id']).doNothing())
          .execute();
        return ok(null);
      },
    );

    app.post(
      '/admin/delUserPriceRuleRelation',
      {
        config: relations,
        schema: {
          tags: ['pricing'],
          summary: 'Stop applying a price rule to a user',
          body: relationBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        request.logSubjectId = request.body.userId;
        await accountInScope(ctx.db, scopeOf(request), request.body.userId);
        await ctx.db
          .deleteFrom('user_price_rules')
          .where('user_id', '=', request.body.userId)
          .where('rule_id', '=', request.body.ruleId)
          .execute();
        return ok(null);
      },
    );
  };
}
