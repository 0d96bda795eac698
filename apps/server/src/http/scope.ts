import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../core/errors.ts';
import { type Scope, scopeFor } from '../core/scope.ts';

/** The scope of the current call, from its route's declaration (the auth hook has checked both exist). */
export function scopeOf(request: FastifyRequest): Scope {
  const declared = request.routeOptions.config.scope;
  if (!request.auth || !declared) throw unauthorized();
  return scopeFor(declared, request.auth);
}
