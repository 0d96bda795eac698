import { z } from 'zod';
import {
  INTERNATIONAL_DEPOSIT_CENTS,
  PAYMENT_METHODS,
  type PaymentMethod,
  WRONG_SIZE_PENALTY_CENTS,
  ZONE_QUERY_FEE_CENTS,
} from '../../funds.ts';
import { formatCents } from '../../money.ts';
import { LABEL_SIZES } from '../../orders.ts';
import { DEFAULT_PARCEL } from '../../parcel.ts';
import { bodyNumber } from '../common.ts';
import { moneyInput } from '../money.ts';

/**
 * The run-time settings of the platform (/adminSettings/sysConfig): one definition per setting, each with
 * the zod schema of what a form or an API caller may send for it (`input`, parsed to the value kept), the
 * shape it is answered in (`view`), its default and what the screen needs to draw its control. Messages are
 * keys of FIELD_MESSAGES (contracts/messages.ts). The server keeps one row of `configs` per setting that was
 * ever changed (`<group>.<name>`); a setting never changed takes its default (some defaults come from the
 * server's environment: SMTP, tracking refresh, API-log retention).
 */
export type SettingKind =
  | 'money'
  | 'rate'
  | 'integer'
  | 'boolean'
  | 'choice'
  | 'text'
  | 'document'
  | 'mailbox'
  | 'secret';

export interface Setting<K extends SettingKind = SettingKind, I extends z.ZodType = z.ZodType, V = unknown> {
  kind: K;
  /** What may be sent for it; parses to the value kept (money as integer cents). */
  input: I;
  /** The answer's shape (money as a two-place decimal string; a secret never, always ''). */
  view: z.ZodType<V>;
  /** The kept value as answered. */
  toView: (value: z.output<I>) => V;
  /** Used while nothing was saved (the server may take it from its environment instead). */
  default: z.output<I>;
  /** For choices: the values offered. */
  options?: readonly string[];
  /** Allowed range, in the unit the screen shows (dollars for money). */
  min?: number;
  max?: number;
  /** An i18n unit suffix key (`minutes`, `days`, `rows`). */
  unit?: string;
}

/** Money kept as cents, typed as a decimal with at most two places, from 0 to `maxCents`. */
function money(defaultCents: number, maxCents: number): Setting<'money', z.ZodType<number, unknown>, string> {
  return {
    kind: 'money',
    input: moneyInput.pipe(z.number().int().min(0, 'settingOutOfRange').max(maxCents, 'settingOutOfRange')),
    view: z.string(),
    toView: formatCents,
    default: defaultCents,
    min: 0,
    max: maxCents / 100,
  };
}

function integer(
  defaultValue: number,
  min: number,
  max: number,
  unit?: string,
): Setting<'integer', z.ZodType<number, unknown>, number> {
  return {
    kind: 'integer',
    input: bodyNumber().int('wholeNumberInvalid').min(min, 'settingOutOfRange').max(max, 'settingOutOfRange'),
    view: z.number(),
    toView: (value) => value,
    default: defaultValue,
    min,
    max,
    ...(unit ? { unit } : {}),
  };
}

function choice<const O extends readonly [string, ...string[]]>(
  options: O,
  defaultValue: O[number],
): Setting<'choice', z.ZodType<O[number], unknown>, O[number]> {
  return {
    kind: 'choice',
    input: z.enum(options, { error: 'choiceInvalid' }),
    view: z.enum(options),
    toView: (value) => value,
    default: defaultValue,
    options,
  };
}

function flag(defaultValue: boolean): Setting<'boolean', z.ZodType<boolean, unknown>, boolean> {
  return {
    kind: 'boolean',
    input: z.boolean({ error: 'invalidInput' }),
    view: z.boolean(),
    toView: (value) => value,
    default: defaultValue,
  };
}

/** Text as typed, trimmed; `pattern` (when given) checks a non-blank value. */
function text(
  defaultValue: string,
  max: number,
  pattern?: { test: (value: string) => boolean; message: string },
): Setting<'text', z.ZodType<string, unknown>, string> {
  const base = z.string({ error: 'invalidInput' }).trim().max(max, 'textTooLong');
  return {
    kind: 'text',
    input: pattern ? base.refine((value) => value === '' || pattern.test(value), pattern.message) : base,
    view: z.string(),
    toView: (value) => value,
    default: defaultValue,
  };
}

/** A credential: written, never answered (always ''); left blank on a change, the one saved is kept. */
function secret(max: number): Setting<'secret', z.ZodType<string, unknown>, string> {
  return {
    kind: 'secret',
    input: z.string({ error: 'invalidInput' }).max(max, 'textTooLong'),
    view: z.string(),
    toView: () => '',
    default: '',
  };
}

/** Text of several lines as the operator writes it (a policy page, payee details), up to `max` characters. */
function longText(max: number): Setting<'document', z.ZodType<string, unknown>, string> {
  return { ...text('', max), kind: 'document' };
}

/** `name@host` or `Display Name <name@host>`: what a mail's From may say. */
export function isMailbox(value: string): boolean {
  const named = /^(.*)<([^<>]+)>$/.exec(value);
  if (named && /["\r\n]/.test(named[1] ?? '')) return false;
  return /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/.test((named ? named[2] : value)?.trim() ?? '');
}

/** A host name or an IP address (an IPv6 one without brackets). */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^[0-9A-Fa-f:.]+$/;

/** The packages a new parcel may start as (the order screen's choice). */
export const SETTING_PACKAGE_CODES = ['your_package', 'envelope', 'soft_pack'] as const;
export const REGISTRATION_MODES = ['open', 'invitation', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const UNIT_CHOICES = ['lb/in', 'kg/cm'] as const;

export const SETTINGS = {
  /** CNY per USD, shown beside the CNY wallet. */
  exchange: {
    cnyPerUsd: {
      kind: 'rate',
      input: z
        .string({ error: 'rateInvalid' })
        .trim()
        .regex(/^\d{1,4}(\.\d{1,4})?$/, 'rateInvalid')
        .refine((value) => Number(value) > 0, 'rateInvalid'),
      view: z.string(),
      toView: (value: string) => value,
      default: '7.10',
      min: 0.0001,
      max: 9999.9999,
    } satisfies Setting<'rate', z.ZodType<string, unknown>, string>,
  },
  /** Who may open an account: anyone, only with a seller's invitation code, or nobody. */
  registration: { mode: choice(REGISTRATION_MODES, 'open') },
  /**
   * The earnest frozen per label, and the international assurance deposits of docs/spec.md §9: kept for
   * international shipping, read by no purchase yet.
   */
  funds: {
    earnestPerLabel: money(0, 100_000),
    depositImport: money(INTERNATIONAL_DEPOSIT_CENTS.import, 10_000_000),
    depositExport: money(INTERNATIONAL_DEPOSIT_CENTS.export, 10_000_000),
  },
  /** docs/spec.md §9: charged besides a bill deduction for a wrong size or weight. */
  penalty: { wrongSize: money(WRONG_SIZE_PENALTY_CENTS, 100_000) },
  /** docs/spec.md §9: what one zone query costs. */
  zoneQuery: { fee: money(ZONE_QUERY_FEE_CENTS, 10_000) },
  /** Which bought labels wait for staff review: a charge from `minCharge`, or a declared value from `minDeclaredValue` (0: off). */
  review: { minCharge: money(0, 10_000_000), minDeclaredValue: money(0, 10_000_000) },
  /** What a new order starts with on the order screen. */
  label: {
    size: choice(LABEL_SIZES, '4x6'),
    units: choice(UNIT_CHOICES, 'lb/in'),
    packageCode: choice(SETTING_PACKAGE_CODES, DEFAULT_PARCEL.packageCode),
  },
  /** The SMTP server mails go through; a blank host leaves mail to SMTP_URL (or the outbox without it). */
  smtp: {
    host: text('', 253, { test: (value) => HOST.test(value), message: 'hostInvalid' }),
    port: integer(587, 1, 65_535),
    secure: flag(false),
    user: text('', 200),
    password: secret(200),
    from: {
      ...text('ParcelPort <no-reply@localhost>', 200, { test: isMailbox, message: 'mailboxInvalid' }),
      kind: 'mailbox',
    } satisfies Setting<'mailbox', z.ZodType<string, unknown>, string>,
  },
  /**
   * The public site: where contact requests are mailed ('' keeps them in the back-office only), and the
   * policy pages' texts in each language ('' shows the page's built-in text).
   */
  site: {
    contactInbox: text('', 200, { test: isMailbox, message: 'mailboxInvalid' }),
    privacyPolicyZh: longText(50_000),
    privacyPolicyEn: longText(50_000),
    termsOfUseZh: longText(50_000),
    termsOfUseEn: longText(50_000),
  },
  /**
   * Where merchants send a top-up, per payment method (account name and number, bank, reference to quote):
   * shown on the recharge screen when the method is chosen; '' for a method with none written.
   */
  payees: Object.fromEntries(PAYMENT_METHODS.map((method) => [method, longText(2000)])) as Record<
    PaymentMethod,
    ReturnType<typeof longText>
  >,
  /**
   * The platform's Shopify app (docs/stores.md): its client id and secret from the Partner dashboard, and
   * where a shop is reached, `{shop}` standing for its domain (a stand-in's address in a test install).
   */
  shopify: {
    clientId: text('', 200),
    clientSecret: secret(200),
    shopOrigin: text('https://{shop}', 200, {
      test: (value) => /^https?:\/\/\S*\{shop\}\S*$/.test(value),
      message: 'shopOriginInvalid',
    }),
  },
  /** How often each instance refreshes tracking. */
  tracking: { refreshMinutes: integer(5, 1, 1440, 'minutes') },
  /** The API log of carrier calls: records kept this many days, and at most this many rows. */
  apiLog: {
    retentionDays: integer(30, 1, 3650, 'days'),
    maxRows: integer(500_000, 1000, 50_000_000, 'rows'),
  },
} as const;

type Settings = typeof SETTINGS;
type InputOf<S> = S extends { input: infer I extends z.ZodType } ? I : never;
type ViewOf<S> = S extends { view: infer V extends z.ZodType } ? V : never;
export type SettingGroup = keyof Settings;
export const SETTING_GROUPS = Object.keys(SETTINGS) as SettingGroup[];

/** Every setting's values as kept (money in cents). */
export type SettingValues = {
  [G in SettingGroup]: { -readonly [N in keyof Settings[G]]: z.output<InputOf<Settings[G][N]>> };
};
/** Every setting's values as answered (money as decimal strings, secrets ''). */
export type SettingViews = {
  [G in SettingGroup]: { -readonly [N in keyof Settings[G]]: z.output<ViewOf<Settings[G][N]>> };
};
/** What a change may send: any settings of any groups. */
export type SettingChanges = {
  [G in SettingGroup]?: { [N in keyof Settings[G]]?: z.input<InputOf<Settings[G][N]>> };
};
/** A change as parsed (money in cents). */
export type ParsedSettingChanges = { [G in SettingGroup]?: Partial<SettingValues[G]> };

/** `group.name` of every setting, in the screen's order. */
export const SETTING_KEYS: string[] = SETTING_GROUPS.flatMap((group) =>
  Object.keys(SETTINGS[group]).map((name) => `${group}.${name}`),
);

/** The definition of `group.name`, or undefined for a key that is not a setting. */
export function settingOf(key: string): Setting | undefined {
  const [group, name, ...rest] = key.split('.');
  if (rest.length > 0 || !group || !name || !Object.hasOwn(SETTINGS, group)) return undefined;
  const settings = SETTINGS[group as SettingGroup] as Record<string, Setting>;
  return Object.hasOwn(settings, name) ? settings[name] : undefined;
}

function groupSchema<G extends SettingGroup>(group: G, part: 'input' | 'view') {
  const settings = SETTINGS[group] as Record<string, Setting>;
  const shape = Object.fromEntries(
    Object.entries(settings).map(([name, setting]) => [
      name,
      part === 'input' ? setting.input.optional() : setting.view,
    ]),
  );
  return z.object(shape);
}

/** Each group's values as answered. */
export const settingViews = z.object(
  Object.fromEntries(SETTING_GROUPS.map((group) => [group, groupSchema(group, 'view')])),
) as unknown as z.ZodType<SettingViews>;

/**
 * A change: the settings of one or more groups, each checked by its own schema; a 400 names each failing one
 * (`smtp.port`). At least one setting must be given. An SMTP password left blank keeps the one saved.
 */
export const settingChanges = z
  .object(Object.fromEntries(SETTING_GROUPS.map((group) => [group, groupSchema(group, 'input').optional()])))
  .refine(
    (changes) => Object.values(changes).some((group) => group && Object.values(group).some((v) => v !== undefined)),
    'settingsEmpty',
  ) as unknown as z.ZodType<ParsedSettingChanges, SettingChanges>;

/** Every setting with its default: what an install starts with. */
export function defaultSettings(): SettingValues {
  return Object.fromEntries(
    SETTING_GROUPS.map((group) => [
      group,
      Object.fromEntries(
        Object.entries(SETTINGS[group] as Record<string, Setting>).map(([name, s]) => [name, s.default]),
      ),
    ]),
  ) as SettingValues;
}

/** The values as answered (money as decimal strings, secrets blank). */
export function viewsOf(values: SettingValues): SettingViews {
  return Object.fromEntries(
    SETTING_GROUPS.map((group) => [
      group,
      Object.fromEntries(
        Object.entries(SETTINGS[group] as Record<string, Setting>).map(([name, setting]) => [
          name,
          setting.toView((values[group] as Record<string, unknown>)[name]),
        ]),
      ),
    ]),
  ) as SettingViews;
}

/** A kept value as the audit and the screen write it: money as a decimal, anything else as text. */
export function settingText(key: string, value: unknown): string {
  const setting = settingOf(key);
  if (!setting) return String(value);
  return String(setting.toView(value as never));
}
