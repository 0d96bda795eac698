import { listOutbox as outboxContract } from '@parcelport/shared/contracts/mail/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { listOutbox } from './outbox.ts';

/**
 * The mail outbox: what the platform mailed or keeps, with codes and reset links masked (an install
 * without SMTP reads those from the database, `npm run outbox`).
 */
export function mailRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, outboxContract, (request) => {
      const { page, pageSize, recipient } = request.query;
      return listOutbox(ctx.db, page, pageSize, recipient);
    });
  };
}
