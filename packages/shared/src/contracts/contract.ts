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

/** What a caller passes: the path's parameters, the query, the body (FormData for an upload). */
type Nothing = Record<never, never>;
export type InputOf<C extends Contract> = (C['params'] extends z.ZodType ? { params: Wire<C['params']> } : Nothing) &
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
