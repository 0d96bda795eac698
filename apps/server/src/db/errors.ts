/** Whether a database error is a unique index refusing a duplicate (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  // SQLITE_CONSTRAINT_UNIQUE is extended result code 2067.
  return code === '23505' || errcode === 2067;
}
