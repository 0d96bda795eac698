import { invalidFields } from '../core/errors.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** Whether a database error is a unique index refusing a duplicate (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  // SQLITE_CONSTRAINT_UNIQUE is extended result code 2067.
  return code === '23505' || errcode === 2067;
}

/** Runs a write whose unique index may refuse a duplicate, answering that as a 400 on `field`. */
export async function refusingDuplicate<T>(field: string, message: MessageKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidFields({ [field]: message });
    throw error;
  }
}
