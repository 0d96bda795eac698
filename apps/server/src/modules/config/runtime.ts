import {
  defaultSettings,
  SETTING_KEYS,
  type Setting,
  type SettingValues,
  settingOf,
} from '@parcelport/shared/contracts/config/settings';
import type { Config } from '../../config.ts';
import type { Settings, SettingsState } from '../../core/ports.ts';
import type { Db, DialectName } from '../../db/index.ts';
import { readVersions, versionScope } from '../../db/versions.ts';
import { configRows } from './repo.ts';

/**
 * Every setting's default on this server: the shared defaults, except those the environment gives (the
 * mail's From, how often tracking is refreshed, how long the API log is kept), which a value saved in the
 * screen then overrides.
 */
export function settingDefaults(config: Config): SettingValues {
  const defaults = defaultSettings();
  defaults.smtp.from = config.mailFrom;
  defaults.tracking.refreshMinutes = config.trackingRefreshMs / 60_000;
  defaults.apiLog.retentionDays = config.apiLogRetentionDays;
  defaults.apiLog.maxRows = config.apiLogMaxRows;
  return defaults;
}

/** Whether a kept value (parsed from its JSON) is one the setting could have been saved with. */
export function isStoredValue(setting: Setting, value: unknown): boolean {
  switch (setting.kind) {
    case 'money':
      return (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= 0 &&
        value <= Math.round((setting.max ?? Number.POSITIVE_INFINITY) * 100)
      );
    case 'secret':
      return typeof value === 'string';
    default:
      return setting.input.safeParse(value).success && setting.input.parse(value) === value;
  }
}

/** The kept JSON of a setting, or undefined when it cannot be read or is no value the setting takes. */
export function storedValue(key: string, json: string): unknown {
  const setting = settingOf(key);
  if (!setting) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return isStoredValue(setting, value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The run-time settings, kept in memory by each instance with the `config` change version (db/versions.ts)
 * they were read under, and read again when a fresh read of the version differs: a change saved through any
 * instance (or written into `configs` by other means) is used by every instance on its very next use, for
 * the price of one small query. A row that does not hold a value its setting takes is ignored (the default
 * is used), so a hand-edited row can never put a wrong value in use.
 */
export class RuntimeSettings implements Settings {
  readonly #db: Db;
  readonly #dialect: DialectName;
  readonly #defaults: SettingValues;
  #kept: { version: number; state: SettingsState } | null = null;

  constructor(db: Db, dialect: DialectName, defaults: SettingValues) {
    this.#db = db;
    this.#dialect = dialect;
    this.#defaults = defaults;
  }

  get defaults(): SettingValues {
    return this.#defaults;
  }

  /** The values in use now. */
  async current(): Promise<SettingValues> {
    return (await this.state()).values;
  }

  async state(): Promise<SettingsState> {
    // The version first: values read after it are at least as new as it says.
    const [version = 0] = await readVersions(this.#db, this.#dialect, [versionScope.config]);
    if (this.#kept?.version === version) return this.#kept.state;
    const state = this.#read(await configRows(this.#db));
    this.#kept = { version, state };
    return state;
  }

  #read(rows: { key: string; value: string }[]): SettingsState {
    const values = structuredClone(this.#defaults);
    const saved: string[] = [];
    const secretsSet: string[] = [];
    for (const row of rows) {
      const value = storedValue(row.key, row.value);
      if (value === undefined) continue;
      const [group, name] = row.key.split('.') as [keyof SettingValues, string];
      (values[group] as Record<string, unknown>)[name] = value;
      saved.push(row.key);
      if (settingOf(row.key)?.kind === 'secret' && value !== '') secretsSet.push(row.key);
    }
    const order = (key: string) => SETTING_KEYS.indexOf(key);
    return { values, saved: saved.sort((a, b) => order(a) - order(b)), secretsSet };
  }
}
