import { z } from 'zod';
import type { RouteMeta } from '../../menu.ts';

/**
 * One entry of the route table (packages/shared/src/menu.ts), with its children. Named, so that the OpenAPI
 * document holds it once as a component its children refer to.
 */
export const menuItem: z.ZodType<RouteMeta> = z
  .lazy(() =>
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
  )
  .meta({ id: 'MenuItem' });
