import type { FastifyInstance } from 'fastify';
import { invalidFields } from '../core/errors.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** How deep a JSON body may nest; the deepest declared body is 4 levels, free-form settings a few more. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first field of `value` that no route may take, with the reason: a string or key holding NUL
 * (PostgreSQL refuses it in text, and SQLite would cut C strings at it), or nesting beyond
 * MAX_INPUT_DEPTH (free-form objects are stored and rendered recursively). Walked with an explicit
 * stack, so that a body nested thousands deep does not overflow this walk either.
 */
export function refusedField(value: unknown): { field: string; key: MessageKey } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { field: path.join('.'), key: 'textNul' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // The field named is the top-level one holding the deep value, not a path thousands of segments long.
    if (path.length >= MAX_INPUT_DEPTH) return { field: path.slice(0, 1).join('.'), key: 'nestedTooDeep' };
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000'))
        return { field: [...path, key.replaceAll('\u0000', '\\u0000')].join('.'), key: 'textNul' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/**
 * Refuses, with a 400 naming the field, path parameters, query values and JSON bodies that hold NUL or
 * nest too deeply, before any route's own validation: one rule for every route, present and future.
 */
export function installInputGuard(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const refused = refusedField(value);
      if (refused) throw invalidFields({ [refused.field || context]: refused.key });
    }
  });
}
