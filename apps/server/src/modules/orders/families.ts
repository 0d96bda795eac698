import type { FastifyContextConfig } from 'fastify';

/**
 * The two callers of the order routes that exist twice (docs/spec.md §7): a customer under `/app` on their own
 * orders, and staff with `orderList` under `/admin` on their customers' (every merchant's for platform-wide
 * staff, a seller's own customers' for a seller).
 */
export const ORDER_FAMILIES: readonly { prefix: '/app' | '/admin'; config: FastifyContextConfig }[] = [
  { prefix: '/app', config: { scope: 'own' } },
  { prefix: '/admin', config: { access: { codes: ['orderList'] }, scope: 'ownCustomers' } },
];
