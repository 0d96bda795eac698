import { type RawBuilder, sql } from 'kysely';

export type BulkValue = string | number | null;

/**
 * The columns of an UPDATE that writes several rows at once, each row its own values: a column whose value
 * is the same in every row is set to that value, one that differs is set to a CASE over the rows' keys.
 * The rows are then written by one statement (`… WHERE key IN (…)`) instead of one statement each.
 */
export function valuesByKey<R, V extends Record<string, BulkValue>>(
  keyColumn: string,
  rows: readonly R[],
  keyOf: (row: R) => number,
  valuesOf: (row: R) => V,
): { [C in keyof V]: V[C] | RawBuilder<V[C]> } {
  const values = rows.map(valuesOf);
  const columns = Object.keys(values[0] ?? {}) as (keyof V & string)[];
  const set = {} as { [C in keyof V]: V[C] | RawBuilder<V[C]> };
  for (const column of columns) {
    const first = values[0]?.[column] ?? null;
    if (values.every((row) => row[column] === first)) {
      set[column] = first as V[typeof column];
      continue;
    }
    // Typed: PostgreSQL takes an untyped parameter in a CASE for text.
    const type = values.some((row) => typeof row[column] === 'number') ? 'bigint' : 'text';
    const whens = rows.map(
      (row, index) =>
        sql`when ${sql.ref(keyColumn)} = ${keyOf(row)} then cast(${values[index]?.[column]} as ${sql.raw(type)})`,
    );
    set[column] = sql<V[typeof column]>`case ${sql.join(whens, sql` `)} end`;
  }
  return set;
}
