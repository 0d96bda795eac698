import type { Config } from './config.ts';
import type { Db, DialectName } from './db/index.ts';
import type { FileStorage } from './modules/attachments/storage.ts';
import type { LoginKey } from './modules/auth/login-key.ts';
import type { Mailer } from './modules/mail/mailer.ts';

/** What every module's routes and services work with; built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  mailer: Mailer;
  loginKey: LoginKey;
  storage: FileStorage;
  /** Tells this instance's job worker that work was just queued. */
  wakeWorker: () => void;
}
