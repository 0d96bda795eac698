import { z } from 'zod';
import { PAYMENT_METHODS } from '../../funds.ts';
import { pageQuery } from '../common.ts';
import { moneyView } from '../money.ts';
import { REGISTRATION_MODES, SETTING_KEYS, SETTINGS, settingChanges, settingViews } from './settings.ts';

/** The settings as the sysConfig screen reads them. */
export const settingsView = z.object({
  values: settingViews,
  /** `group.name` of each setting saved in the screen; the others have their defaults. */
  saved: z.array(z.string()),
  /** Secret settings that hold a value (`smtp.password`): never answered, only said to be set. */
  secretsSet: z.array(z.string()),
  /** No SMTP host is saved and the server's SMTP_URL is set: mail goes through that. */
  smtpFromEnvironment: z.boolean(),
});
export type SettingsView = z.output<typeof settingsView>;

export const settingsUpdateBody = settingChanges;

/** One recorded change of a setting: who, when, the old and the new value (a secret's never). */
export const settingChangeView = z.object({
  id: z.number(),
  key: z.string(),
  /** The value before and after as text (money as a decimal); null for a secret, and before a first save. */
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  secret: z.boolean(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type SettingChangeView = z.output<typeof settingChangeView>;

export const settingChangesQuery = pageQuery.extend({
  key: z
    .string()
    .refine((key) => SETTING_KEYS.includes(key), 'settingUnknown')
    .optional(),
});

/** The SMTP settings a test mail uses instead of the saved ones (a blank password keeps the saved one). */
export const testMailBody = z.object({
  smtp: z
    .object({
      host: SETTINGS.smtp.host.input.optional(),
      port: SETTINGS.smtp.port.input.optional(),
      secure: SETTINGS.smtp.secure.input.optional(),
      user: SETTINGS.smtp.user.input.optional(),
      password: SETTINGS.smtp.password.input.optional(),
      from: SETTINGS.smtp.from.input.optional(),
    })
    .optional(),
});

/** What the SMTP server answered the test mail. */
export const testMailView = z.object({
  sent: z.boolean(),
  to: z.string(),
  /** The server's answer (`250 2.0.0 OK queued`), or why it failed (`535 5.7.8 Authentication failed`). */
  response: z.string(),
});

/** The settings a signed-in user's screens show (fees, exchange rate, the order screen's defaults). */
export const platformValuesView = z.object({
  exchangeRate: z.string(),
  zoneQueryFee: moneyView,
  wrongSizePenalty: moneyView,
  // An object of the methods rather than a record keyed by them: the same value, and in the OpenAPI document
  // each method is a property (a record's required keys would name properties it does not define).
  payees: z
    .object(
      Object.fromEntries(PAYMENT_METHODS.map((method) => [method, z.string()])) as Record<
        (typeof PAYMENT_METHODS)[number],
        z.ZodString
      >,
    )
    .describe("where to send a top-up, per payment method, as the operator wrote it ('' for none)"),
  apiKeyCallsPerMinute: z.number().int().describe('calls each API key may make a minute (429 beyond)'),
  label: z.object({
    size: SETTINGS.label.size.view,
    units: SETTINGS.label.units.view,
    packageCode: SETTINGS.label.packageCode.view,
  }),
});
export type PlatformValues = z.output<typeof platformValuesView>;

export const registrationModeView = z.object({ mode: z.enum(REGISTRATION_MODES) });
