import type { KeyObject } from 'node:crypto';
import type { SettingValues } from '@parcelport/shared/contracts/config/settings';

/**
 * What the platform's context (context.ts) holds from the modules that make them, as the interfaces its users
 * need: the modules implement them (attachments' storages, auth's login key, mail's mailer, config's run-time
 * settings) and app.ts passes them in, so nothing below the modules imports a module for a type.
 */

/**
 * Where uploaded files live, each under a name the server picks: a folder under DATA_DIR (`disk`), or the
 * database (`database`, database-storage.ts), chosen by FILE_STORAGE. Several app instances need the
 * folder shared; the database they share already.
 */
export interface FileStorage {
  put(bytes: Buffer, ext: string): Promise<string>;
  get(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
}

/** The RSA key pair the login form encrypts credentials with (modules/auth/login-key.ts). */
export interface LoginKey {
  publicKeyPem: string;
  privateKey: KeyObject;
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** Parts of the body that give access (a code, a reset link): masked wherever the mail is shown. */
  secrets?: string[];
}

/** Sends a mail, kept in the outbox (modules/mail/mailer.ts). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The settings as one instance knows them: the values in use, which were saved, which secrets hold one. */
export interface SettingsState {
  values: SettingValues;
  saved: string[];
  secretsSet: string[];
}

/**
 * The run-time settings (/adminSettings/sysConfig), read again by every instance once one changes them
 * (modules/config/runtime.ts).
 */
export interface Settings {
  readonly defaults: SettingValues;
  current(): Promise<SettingValues>;
  state(): Promise<SettingsState>;
}
