import { menuFor, type RouteMeta } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { envelope, ok } from '../../http/envelope.ts';

const menuItem: z.ZodType<RouteMeta> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    locale: z.string(),
    requiresAuth: z.boolean(),
    roles: z.array(z.string()).optional(),
    order: z.number().optional(),
    icon: z.string().optional(),
    hideInMenu: z.boolean().optional(),
    href: z.string().optional(),
    children: z.array(menuItem).optional(),
  }),
);

/** The menu from the server (settings → menuFromServer): the route table filtered by the caller's codes. */
export function menuRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/menu',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['user'],
          summary: 'The menu the signed-in user may see',
          response: { 200: envelope(z.array(menuItem)) },
        },
      },
      async (request) => ok(menuFor(authOf(request).codes)),
    );
  };
}
