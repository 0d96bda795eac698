/**
 * A platform's settings schema (zod, in its adapter's folder) as the admin screens use it: the fields of
 * its form, which settings are secrets, and secrets kept write-only (never answered, kept when a form
 * leaves them blank).
 */
import type { SettingField } from '@parcelport/shared/contracts/channels/schemas';
import { z } from 'zod';

interface JsonProperty {
  type?: string;
  enum?: string[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  secret?: boolean;
  unit?: string;
  description?: string;
  items?: { type?: string };
}

const LARGEST = Number.MAX_SAFE_INTEGER;

function typeOf(property: JsonProperty): SettingField['type'] {
  if (property.secret) return 'secret';
  if (property.enum) return 'choice';
  if (property.unit === 'cents') return 'cents';
  if (property.type === 'array') return 'strings';
  if (property.type === 'integer' || property.type === 'number' || property.type === 'boolean') return property.type;
  return property.format === 'uri' ? 'url' : 'text';
}

const forms = new WeakMap<z.ZodType, SettingField[]>();

/** The form of a settings schema: one field per setting, in the schema's order (worked out once). */
export function settingsForm(schema: z.ZodType): SettingField[] {
  let form = forms.get(schema);
  if (!form) {
    form = formOf(schema);
    forms.set(schema, form);
  }
  return form;
}

function formOf(schema: z.ZodType): SettingField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonProperty>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: (json.required ?? []).includes(name),
    ...(property.default !== undefined ? { default: property.default } : {}),
    ...(property.enum ? { options: property.enum } : {}),
    ...(property.minimum !== undefined && property.minimum > -LARGEST ? { min: property.minimum } : {}),
    ...(property.maximum !== undefined && property.maximum < LARGEST ? { max: property.maximum } : {}),
    ...(property.pattern ? { pattern: property.pattern } : {}),
    label: property.description ?? name,
  }));
}

function secretNames(schema: z.ZodType): string[] {
  return settingsForm(schema)
    .filter((field) => field.type === 'secret')
    .map((field) => field.name);
}

/** The settings as an admin screen may see them: each secret blanked, and the ones that are set named. */
export function withoutSecrets(schema: z.ZodType, settings: Record<string, unknown>) {
  const secrets = secretNames(schema);
  const shown = { ...settings };
  const secretsSet: string[] = [];
  for (const name of secrets) {
    if (typeof shown[name] === 'string' && shown[name] !== '') secretsSet.push(name);
    if (name in shown) shown[name] = '';
  }
  return { settings: shown, secretsSet };
}

/** New settings with every secret the form left blank (or out) kept from the current ones. */
export function keepingSecrets(
  schema: z.ZodType,
  current: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...incoming };
  for (const name of secretNames(schema)) {
    if ((merged[name] === undefined || merged[name] === '') && current[name] !== undefined)
      merged[name] = current[name];
  }
  return merged;
}
