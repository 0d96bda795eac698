import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { listRolesWithCodes } from './repo.ts';

export const roleView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  resources: z.array(z.string()),
});

export function accessRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/role/list',
      {
        config: { access: { codes: ['adminList', 'staffList', 'adminRoleList'] }, scope: 'any' },
        schema: {
          tags: ['roles'],
          summary: 'Roles with the resource codes each grants',
          response: { 200: envelope(z.array(roleView)) },
        },
      },
      async () => ok(await listRolesWithCodes(ctx.db)),
    );
  };
}
