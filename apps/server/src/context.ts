import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { FileStorage, LoginKey, Mailer, Settings } from './core/ports.ts';
import type { Db, DialectName } from './db/index.ts';
import type { Hooks } from './declaration.ts';
import type { CatalogueMemo } from './lib/catalogue-memo.ts';
import type { Sealer } from './lib/sealed.ts';
import type { ApiLogSink } from './outbound/client.ts';

/** What every module's routes and services work with; built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  mailer: Mailer;
  /** The run-time settings (/adminSettings/sysConfig), read again by every instance once one changes them. */
  settings: Settings;
  loginKey: LoginKey;
  storage: FileStorage;
  /** Where every outbound call (a carrier's, a store's) is recorded: the API log (modules/api-log). */
  apiLog: ApiLogSink;
  /** Seals the secrets kept at rest (a store's token) with the server's secret key. */
  sealer: Sealer;
  /** Quote reads kept between calls and jobs for as long as the catalogue version stands. */
  quoteMemo: CatalogueMemo;
  /** The server's log, for work done outside a request (a carrier call's failed log write…). */
  log: FastifyBaseLogger;
  /** What modules lend each other (declared by each module): listeners to news, answers to questions. */
  hooks: Hooks;
  /** Tells this instance's job worker that work was just queued. */
  wakeWorker: () => void;
  /** Set once the instance was asked to stop: its health check then answers 503 so balancers send it nothing new. */
  lifecycle: { draining: boolean };
}
