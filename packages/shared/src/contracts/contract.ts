import type { z } from 'zod';
import type { ResourceCode } from '../access.ts';
import type { KeyArea } from '../api-keys.ts';
import type { MemberPermission } from '../team.ts';

/**
 * One API operation, described once and used by both sides: the server registers its route from it
 * (schemas, access, scope, OpenAPI), the web app calls it through `call(contract, input)` and validates its
 * forms with the same schemas, so the two can no longer drift apart. docs/architecture.md, "Adding an
 * operation", shows the whole path from contract to screen.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call: `'public'` needs no sign-in, `'signedIn'` any signed-in user, `{ codes }` one of the
 * resource codes (packages/shared/src/access.ts).
 */
export type ContractAccess = 'public' | 'signedIn' | { codes: readonly ResourceCode[] };

/**
 * Which owners' objects the call may touch (apps/server/src/http/scope.ts): the caller's own, the accounts
 * the caller owns and theirs, or platform objects that belong to nobody. Every call that is not public
 * states one.
 */
export type ObjectScope = 'own' | 'ownCustomers' | 'any';

type Nothing = Record<never, never>;

/** An answer that is a file (a PDF, a zip, a spreadsheet), sent as is instead of inside the envelope. */
export const FILE_ANSWER = 'file';

export interface Contract {
  method: HttpMethod;
  /**
   * The path under /api, with `:name` parameters; a parameter may carry a pattern, `:id(^\\d+)`, so that a
   * numeric id does not shadow a named path beside it.
   */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  access: ContractAccess;
  scope?: ObjectScope;
  /** Refused to API keys: calls that need a signed-in person (passwords, keys, sign-out, acting as). */
  signInOnly?: boolean;
  /** Refused while staff act as the account: calls only its own person may make. */
  notWhileActing?: boolean;
  /** A POST that changes nothing (a quote, a check): not written to the user log. */
  readOnly?: boolean;
  /** The area a key limited to areas must hold (contracts/key-areas.ts); by default the tag's. */
  keyArea?: KeyArea;
  /**
   * What a team member of the merchant needs to call it (a permission, or `owner` for the owner alone); by
   * default from its area (contracts/member-rules.ts).
   */
  member?: MemberPermission | 'owner' | null;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; `'multipart'` for an upload, whose parts the route reads itself. */
  body?: z.ZodType | 'multipart';
  /** The `data` of the envelope, or `FILE_ANSWER`. */
  answer: z.ZodType | typeof FILE_ANSWER;
}

/** The request header that makes a retried write safe: a retry with the same key is sent the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The longest `Idempotency-Key` taken (Stripe's limit); a longer one is refused, never cut. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * Whether a call takes an `Idempotency-Key` (apps/server/src/hooks/idempotency.ts): every write with a JSON
 * answer, an upload included. A GET, a read-only POST and a file change nothing a retry could repeat, and a
 * public call has no caller to keep keys under. `TakesIdempotencyKey` is the same rule for the types.
 */
export function takesIdempotencyKey(contract: Contract): boolean {
  return (
    contract.method !== 'GET' && contract.answer !== FILE_ANSWER && !contract.readOnly && contract.access !== 'public'
  );
}

export type TakesIdempotencyKey<C extends Contract> = C['method'] extends 'GET'
  ? false
  : C['answer'] extends typeof FILE_ANSWER
    ? false
    : C['readOnly'] extends true
      ? false
      : C['access'] extends 'public'
        ? false
        : true;

/** The request headers a call takes beyond the session's: its `Idempotency-Key`, where it takes one. */
export type HeadersOf<C extends Contract> =
  TakesIdempotencyKey<C> extends true ? { [IDEMPOTENCY_KEY_HEADER]?: string } : Nothing;

/** Declares a contract, keeping its exact type for both sides' inference. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a query string or a path carries: written as text on the wire, so numbers and flags are accepted. */
type WireValue = string | number | boolean | null | undefined;
type Wire<S> = S extends z.ZodType ? { [K in keyof z.input<S>]?: WireValue } : never;

/** The parsed parts the server's handler receives. */
export type ParamsOf<C extends Contract> = Output<C['params']>;
export type QueryOf<C extends Contract> = Output<C['query']>;
export type BodyOf<C extends Contract> = C['body'] extends 'multipart' ? undefined : Output<C['body']>;

/** The `data` a call answers with (a Response for a file). */
export type AnswerOf<C extends Contract> = C['answer'] extends z.ZodType ? z.output<C['answer']> : Response;

/**
 * What a caller passes: the path's parameters, the query, the body (FormData for an upload), and the headers
 * the call takes (an `Idempotency-Key` only where the server keeps one).
 */
export type InputOf<C extends Contract> = (C['params'] extends z.ZodType ? { params: Wire<C['params']> } : Nothing) &
  (TakesIdempotencyKey<C> extends true ? { headers?: HeadersOf<C> } : Nothing) &
  (C['query'] extends z.ZodType ? { query?: Wire<C['query']> } : Nothing) &
  (C['body'] extends 'multipart'
    ? { body: FormData }
    : C['body'] extends z.ZodType
      ? { body: Input<C['body']> }
      : Nothing);

/** The path with its parameters filled in (each encoded), for example `/app/user/address/12`. */
export function pathOf(contract: Pick<Contract, 'path'>, params: Record<string, WireValue> = {}): string {
  return contract.path.replace(/:(\w+)(\([^)]*\))?/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${contract.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}
