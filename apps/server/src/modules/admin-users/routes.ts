import { ACCOUNT_STATUS } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, ok, pageOf, pageQuery } from '../../http/envelope.ts';
import { idParams, wholeNumber } from '../../http/numbers.ts';
import { scopeOf } from '../../http/scope.ts';
import { walletView } from '../users/schemas.ts';
import { actAs, type Family, listUsers, setInvitationCode, setRoles, setStatus, userWithWallets } from './service.ts';

const statusValues = Object.values(ACCOUNT_STATUS) as number[];

const managedUserView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  status: z.number(),
  kind: z.string(),
  ownerId: z.number().nullable(),
  invitationCode: z.string().nullable(),
  registrationDate: z.string(),
  balance: z.string(),
  roles: z.array(z.object({ id: z.number(), code: z.string() })),
});

/** Routes of one family: `/admin/…` for customers (code adminList), `/staff/…` for employees (staffList). */
function familyRoutes(
  ctx: AppContext,
  prefix: 'admin' | 'staff',
  family: Family,
  listCode: string,
): FastifyPluginAsyncZod {
  const tags = [prefix === 'admin' ? 'users' : 'staff'];
  const access = { codes: [listCode] };
  const scope = 'ownCustomers' as const;
  return async (app) => {
    app.get(
      `/${prefix}/list`,
      {
        config: { access, scope },
        schema: {
          tags,
          summary: `List ${family} accounts (sellers and proxies see only their own customers)`,
          querystring: pageQuery.extend({
            keyword: z.string().optional(),
            status: wholeNumber(z.number().refine((s) => statusValues.includes(s))).optional(),
          }),
          response: { 200: envelope(pageOf(managedUserView)) },
        },
      },
      async (request) => ok(await listUsers(ctx, scopeOf(request), family, request.query)),
    );

    app.get(
      // Numeric ids only, so an unknown /api/admin/… path is still a 404, not this route.
      `/${prefix}/:id(^\\d+)`,
      {
        config: { access, scope },
        schema: {
          tags,
          summary: `One ${family} account with its wallets and credit limits`,
          params: idParams,
          response: {
            200: envelope(managedUserView.omit({ balance: true }).extend({ wallets: z.array(walletView) })),
          },
        },
      },
      async (request) => ok(await userWithWallets(ctx, scopeOf(request), family, request.params.id)),
    );

    app.post(
      `/${prefix}/updateStatus/:id`,
      {
        config: { access, scope },
        schema: {
          tags,
          summary: 'Activate (1), deactivate (0) or disable (2) an account; form field or JSON `status`',
          params: idParams,
          body: z.object({
            // A number in JSON or digits in a form field; not coerced, so an empty field or null is no 0.
            status: z
              .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
              .refine((s) => statusValues.includes(s), 'must be 0, 1 or 2'),
          }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        request.logSubjectId = request.params.id;
        await setStatus(ctx, authOf(request), scopeOf(request), family, request.params.id, request.body.status);
        return ok(null);
      },
    );

    app.post(
      `/${prefix}/role/update`,
      {
        config: { access: { codes: ['adminRoleList'] }, scope },
        schema: {
          tags,
          summary: "Replace an account's roles",
          body: z.object({ userId: z.number().int().positive(), roleIds: z.array(z.number().int().positive()) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        request.logSubjectId = request.body.userId;
        await setRoles(ctx, scopeOf(request), family, request.body.userId, request.body.roleIds);
        return ok(null);
      },
    );

    app.post(
      `/${prefix}/token/build/:id`,
      {
        config: { access, scope, signInOnly: true },
        schema: {
          tags,
          summary: 'A token to act as this user; the caller is recorded as actor on every change',
          params: idParams,
          response: { 200: envelope(z.string()) },
        },
      },
      async (request) => {
        request.logSubjectId = request.params.id;
        return ok(await actAs(ctx, authOf(request), scopeOf(request), family, request.params.id));
      },
    );
  };
}

export function adminUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(familyRoutes(ctx, 'admin', 'customer', 'adminList'));
    await app.register(familyRoutes(ctx, 'staff', 'staff', 'staffList'));

    app.post(
      '/admin/update/seller',
      {
        config: { access: { codes: ['staffList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['staff'],
          summary:
            "Set a seller's invitation code (made up when none is given); customers who register with it belong to the seller",
          body: z.object({
            id: z.number().int().positive(),
            invitationCode: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9-]{4,32}$/, 'invalidInput')
              .optional(),
          }),
          response: { 200: envelope(z.object({ invitationCode: z.string() })) },
        },
      },
      async (request) => {
        request.logSubjectId = request.body.id;
        const { id, invitationCode } = request.body;
        return ok({ invitationCode: await setInvitationCode(ctx, scopeOf(request), id, invitationCode) });
      },
    );
  };
}
