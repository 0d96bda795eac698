import {
  type AnswerOf,
  type BodyOf,
  type Contract,
  FILE_ANSWER,
  type ParamsOf,
  type QueryOf,
  takesIdempotencyKey,
} from '@parcelport/shared/contracts/contract';
import { keyAreaOf } from '@parcelport/shared/contracts/key-areas';
import { memberRuleOf } from '@parcelport/shared/contracts/member-rules';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access } from './auth.ts';
import { envelope, ok } from './envelope.ts';

/** The request a contract's handler receives: its params, query and body parsed by the contract's schemas. */
export type ContractRequest<C extends Contract> = FastifyRequest & {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
};

/** What a handler returns: the answer's data (the route wraps it in the envelope), or the sent reply of a file. */
type HandlerResult<C extends Contract> = C['answer'] extends typeof FILE_ANSWER ? FastifyReply : AnswerOf<C>;

export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<HandlerResult<C>> | HandlerResult<C>;

/**
 * What the server adds to a contract that is no business of the caller's: rate limits, body size, the
 * envelope's message when it is not 'success', and the OpenAPI shapes of answers other than 200 (an error
 * the handler throws with data, such as the health check's 503).
 */
export interface RouteExtras {
  config?: Pick<FastifyContextConfig, 'rateLimit'>;
  bodyLimit?: number;
  message?: string;
  responses?: Record<number, z.ZodType>;
}

function accessOf(contract: Contract): Access | undefined {
  return contract.access === 'signedIn' ? undefined : contract.access;
}

function envelopes(responses: Record<number, z.ZodType>) {
  return Object.fromEntries(Object.entries(responses).map(([status, data]) => [status, envelope(data)]));
}

/**
 * Registers the route of a contract: its method and path, the access rule and object scope the auth hook
 * enforces, its schemas for validation and the OpenAPI document, and the envelope around the answer. A route
 * file does nothing but bind contracts to service functions with this.
 */
export function bind<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const isFile = contract.answer === FILE_ANSWER;
  const body = contract.body === 'multipart' ? undefined : contract.body;
  app.route({
    method: contract.method,
    url: contract.path,
    bodyLimit: extras.bodyLimit,
    config: {
      access: accessOf(contract),
      scope: contract.scope,
      signInOnly: contract.signInOnly,
      notWhileActing: contract.notWhileActing,
      readOnly: contract.readOnly,
      keyArea: keyAreaOf(contract),
      member: memberRuleOf(contract),
      // Retried safely under an Idempotency-Key (hooks/idempotency.ts), by the contract's own rule (docs/api.md).
      idempotent: takesIdempotencyKey(contract),
      ...extras.config,
    },
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      // Only the parts the contract has: Fastify warns about a schema key given as undefined.
      ...(contract.description ? { description: contract.description } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(body ? { body } : {}),
      ...(contract.body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      ...(isFile
        ? {}
        : { response: { 200: envelope(contract.answer as z.ZodType), ...envelopes(extras.responses ?? {}) } }),
    },
    handler: async (request, reply) => {
      const held = request.heldKey;
      try {
        const result = await handler(request as ContractRequest<C>, reply);
        // A handler that sent the reply itself (a file, an answer kept already serialised) returns it as is;
        // its answer is not kept for a retry, which runs again.
        if (isFile || reply.sent) {
          await held?.failed(null);
          return result;
        }
        const answer = ok(result, extras.message);
        held?.answered();
        return answer;
      } catch (error) {
        await held?.failed(error);
        throw error;
      }
    },
  });
}
