import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  type Contract,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
} from '@parcelport/shared/contracts/contract';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (`GET /api/openapi.json`, `/api/docs`), written so that generators and linters take
 * it: each operation is named after its contract, says who may call it and on whose objects, and lists the
 * error answers its contract makes possible; recursive schemas are components.
 */

const CONTRACTS_DIR = path.dirname(fileURLToPath(import.meta.resolve('@parcelport/shared/contracts/contract')));

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'answer' in value;

const capitalised = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

/**
 * Each contract's name by its method and path: the name it is exported under (`listRoles`), and for a
 * contract that exists once per side, the name and the side (`listOrdersApp`, `listOrdersAdmin`). Read from
 * every area of packages/shared/src/contracts, so a new contract is named without being listed here.
 */
async function contractNames(): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const name = (contract: Contract, operationId: string) => {
    const key = `${contract.method} /api${contract.path}`;
    const taken = names.get(key);
    if (taken !== undefined) throw new Error(`two contracts for ${key}: ${taken} and ${operationId}`);
    names.set(key, operationId);
  };
  const areas = readdirSync(CONTRACTS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const area of areas) {
    const exports: Record<string, unknown> = await import(path.join(CONTRACTS_DIR, area.name, 'index.ts'));
    for (const [exported, value] of Object.entries(exports)) {
      if (isContract(value)) name(value, exported);
      else if (typeof value === 'object' && value !== null && !('_zod' in value)) {
        for (const [side, member] of Object.entries(value))
          if (isContract(member)) name(member, `${exported}${capitalised(side)}`);
      }
    }
  }
  return names;
}

const CONTRACT_NAMES = await contractNames();

/** The envelope of every error answer: `data.fields` names the failing fields of a 400. */
const ERROR_ANSWER = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status' },
    message: { type: 'string', description: "what went wrong, in the request's language (Accept-Language)" },
    data: {
      description: 'null, or `{ fields }` for invalid input: each failing field with its message',
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { fields: { type: 'object', additionalProperties: { type: 'string' } } } },
      ],
    },
  },
} as const;

/** The answer of a call that sends a file. */
const FILE_ANSWER = {
  description: 'the file (PDF, ZIP, spreadsheet or image, as the operation says), sent as it is',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'invalid input (`data.fields` names each failing field), or a malformed request',
  401: 'not signed in, or the token or API key is not valid',
  403: 'signed in, but the call is not allowed to this user or key',
  404: 'no such object among those the caller may touch',
  409: 'the same idempotency key is still being answered',
  422: 'the idempotency key was used with another body',
  429: 'too many calls (an API key: beyond its calls a minute, see the RateLimit headers): wait Retry-After seconds',
};

interface RouteFacts {
  method: string;
  config: FastifyContextConfig | undefined;
  hasParams: boolean;
}

/** The error answers a route can give, from what its contract declares. */
function errorStatuses({ method, config, hasParams }: RouteFacts): number[] {
  const access = config?.access;
  // Every call may be refused for its input: the input guard checks the path and query of every route
  // (http/input-guard.ts), whatever its schemas.
  const statuses = new Set<number>([400]);
  if (access !== 'public') statuses.add(401);
  const keyMayCall = access !== 'public' && !config?.signInOnly;
  // A read-only API key is refused every call that changes something (http/auth.ts).
  const keyWrite = keyMayCall && method !== 'GET' && !config?.readOnly;
  if (typeof access === 'object' || config?.signInOnly || config?.notWhileActing || config?.member || keyWrite)
    statuses.add(403);
  if (hasParams) statuses.add(404);
  // Every call made with an API key counts against the key's limit, one refused for the key's scope or for
  // signing in only too (hooks/key-rate-limit.ts).
  if (config?.rateLimit || access !== 'public') statuses.add(429);
  if (config?.idempotent) for (const status of [409, 422]) statuses.add(status);
  return [...statuses].sort();
}

/** The header every write takes (the contract's `takesIdempotencyKey`), as a header parameter of the operation. */
const IDEMPOTENCY_HEADER = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'any unique text (a UUID): a retry with the same key and body within 24 hours is sent the first answer, with `Idempotent-Replayed: true`',
    },
  },
};

/**
 * The zod transform of the route's schemas, plus: the contract's name as `operationId`, a write's
 * `Idempotency-Key` header, its error answers,
 * its declared access and object scope as `x-access` and `x-scope`, the area an API key needs as
 * `x-key-area`, so that the reference says who may
 * call what, and the generated authorisation test reads the same declarations the server enforces.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const route = (input as { route?: { method: string | string[]; url: string; config?: FastifyContextConfig } }).route;
  const config = route?.config;
  if (!route || !config || transformed.schema.hide) return transformed;
  const method = ([] as string[]).concat(route.method)[0] ?? '';
  const operationId = CONTRACT_NAMES.get(`${method} ${route.url}`);
  const schema = transformed.schema as Record<string, unknown>;
  const errors = errorStatuses({ method, config, hasParams: Boolean(schema.params) });
  // A file's answer (a PDF, zip, sheet) has no schema to validate it by: its 200 is described here.
  const response = (schema.response ?? { 200: FILE_ANSWER }) as Record<string, unknown>;
  for (const status of errors) {
    response[status] ??= {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
    };
  }
  return {
    ...transformed,
    schema: {
      ...schema,
      ...(operationId ? { operationId } : {}),
      ...(config.idempotent ? { headers: IDEMPOTENCY_HEADER } : {}),
      response,
      'x-access': config.access === 'public' ? 'public' : (config.access?.codes ?? 'signedIn'),
      ...(config.scope ? { 'x-scope': config.scope } : {}),
      ...(config.signInOnly ? { 'x-sign-in-only': true } : {}),
      ...(config.notWhileActing ? { 'x-not-while-acting': true } : {}),
      ...(config.readOnly ? { 'x-read-only': true } : {}),
      ...(config.access === 'public' ? {} : { 'x-key-area': config.keyArea ?? 'account' }),
      ...(config.access === 'public' || !config.member ? {} : { 'x-member': config.member }),
    },
  };
};

/** @fastify/swagger's options: the document's header, its shared components and the two transforms. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'ParcelPort API',
      version: '1.0.0',
      description:
        'Every JSON answer is `{ code, message, data }`; money is a decimal string, times ISO-8601 UTC. Send `Accept-Language: en-US` for English messages (zh-CN by default).',
    },
    servers: [{ url: '/', description: 'the server that serves this document' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ErrorAnswer: ERROR_ANSWER as never },
    },
    security: [{ bearer: [] }],
  },
  transform,
  transformObject: jsonSchemaTransformObject,
};
