import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';

/**
 * Every file of `migrations/` is a migration, named by its file name (`0049_help_compare_rates`) and run in
 * the order of the names, the same on both dialects: a module adds its migration by adding the file, with
 * no list to edit. A file there that is not a migration stops the start rather than being skipped.
 */
const migrations = new FileMigrationProvider({
  fs,
  path,
  migrationFolder: path.join(import.meta.dirname, 'migrations'),
  // Imported from here, so a test runner that transforms the app's modules transforms these too.
  import: (file) => import(file),
  onFileIgnored: (file, reason) => {
    throw new Error(`db/migrations/${file} is not a migration (${reason})`);
  },
});

/**
 * Runs the migrations not yet run. `schema` is the PostgreSQL schema the app works in, when it has one of
 * its own: the migrator then keeps its bookkeeping tables there and looks for them there only (by default
 * it takes another schema's kysely_migration tables in the same database for its own and fails).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrations,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
