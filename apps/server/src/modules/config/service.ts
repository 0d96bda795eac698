import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { invalidFields } from '../../http/errors.ts';
import { configRows, configValue, saveConfigValue } from './repo.ts';

/** The settings staff can change at run time, each with its default and its rule. */
export const CONFIG_KEYS = {
  /** CNY per USD, shown beside the CNY wallet. */
  exchangeRate: {
    default: '7.10',
    schema: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,4})?$/)
      .refine((v) => Number(v) > 0),
  },
} as const;
export type ConfigKey = keyof typeof CONFIG_KEYS;

export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(CONFIG_KEYS, key);
}

export async function getConfig(db: Db, key: ConfigKey): Promise<string> {
  return (await configValue(db, key)) ?? CONFIG_KEYS[key].default;
}

export async function allConfig(db: Db): Promise<{ key: ConfigKey; value: string; updatedAt: number | null }[]> {
  const rows = await configRows(db);
  return (Object.keys(CONFIG_KEYS) as ConfigKey[]).map((key) => {
    const row = rows.find((r) => r.key === key);
    return { key, value: row?.value ?? CONFIG_KEYS[key].default, updatedAt: row?.updated_at ?? null };
  });
}

export async function setConfig(db: Db, key: ConfigKey, value: string): Promise<void> {
  if (!CONFIG_KEYS[key].schema.safeParse(value).success) throw invalidFields({ value: 'invalidInput' });
  await saveConfigValue(db, key, value);
}
