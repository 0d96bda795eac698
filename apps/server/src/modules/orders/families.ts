import type { FastifyContextConfig } from 'fastify';
import type { Auth } from '../../http/auth.ts';
import { ownerScope } from '../admin-users/scope.ts';
import type { OrderScope } from './repo.ts';

/**
 * The two callers of the order routes that exist twice (SPEC §7): a customer under `/app` on their own
 * orders, and staff with `orderList` under `/admin` on everyone's (sellers on their own customers').
 */
export const ORDER_FAMILIES: readonly {
  prefix: '/app' | '/admin';
  config: FastifyContextConfig;
  scope: (auth: Auth) => OrderScope;
}[] = [
  { prefix: '/app', config: {}, scope: (auth) => ({ userId: auth.userId }) },
  { prefix: '/admin', config: { access: { codes: ['orderList'] } }, scope: (auth) => ({ ownerId: ownerScope(auth) }) },
];
