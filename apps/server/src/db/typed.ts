import { type RawBuilder, sql } from 'kysely';

/**
 * A number bound as a parameter and read as bigint: where PostgreSQL cannot tell a parameter's type from its
 * place (a CASE's branches, arithmetic on a column), it would otherwise refuse it or take it as text.
 * Bound, not inlined, so that the statement's text stays the same from call to call (db/index.ts prepares it
 * once).
 */
export const asBigint = (value: number): RawBuilder<number> => sql<number>`cast(${value} as bigint)`;
