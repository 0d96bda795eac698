import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db, DialectName } from './db/index.ts';
import { apiLogSink } from './modules/api-log/index.ts';
import { databaseStorage, diskStorage } from './modules/attachments/index.ts';
import { loadLoginKey } from './modules/auth/index.ts';
import { seedDemoChannels } from './modules/channels/index.ts';
import { RuntimeSettings, settingDefaults } from './modules/config/index.ts';
import { createMailer, smtpTargetOf } from './modules/mail/index.ts';
import { seed } from './modules/users/index.ts';

/**
 * The composition root's one list of modules by name: those that implement the ground floor's ports
 * (core/ports.ts) in the app's context, and those that seed a new database. Routes, jobs, tasks and sweeps
 * are not listed anywhere: each module declares its own (declaration.ts) and app.ts collects them.
 */
export type ContextPorts = Pick<AppContext, 'settings' | 'mailer' | 'loginKey' | 'storage' | 'apiLog'>;

/** Seeds what a new database needs (the demo channels, the built-in roles, the first administrator). */
export async function seedDatabase(db: Db, config: Config): Promise<{ generatedPassword?: string }> {
  await seedDemoChannels(db, config.seedLocale);
  return seed(db, config);
}

export async function contextPorts(
  config: Config,
  db: Db,
  dialect: DialectName,
  log: FastifyBaseLogger,
): Promise<ContextPorts> {
  const settings = new RuntimeSettings(db, dialect, settingDefaults(config));
  return {
    settings,
    mailer: createMailer(db, async () => smtpTargetOf((await settings.current()).smtp, config.smtpUrl), log),
    loginKey: await loadLoginKey(db),
    storage:
      config.fileStorage === 'database' ? databaseStorage(db) : diskStorage(path.join(config.dataDir, 'uploads')),
    apiLog: apiLogSink(db, log),
  };
}
