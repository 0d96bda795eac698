import type { Locale } from '@parcelport/shared';
import { formatCents } from '@parcelport/shared';
import type { PlatformValues, SettingsView } from '@parcelport/shared/contracts/config/schemas';
import {
  type ParsedSettingChanges,
  type SettingGroup,
  type SettingValues,
  settingOf,
  settingText,
  viewsOf,
} from '@parcelport/shared/contracts/config/settings';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { translate } from '../../i18n/messages.ts';
import { smtpAnswerOf, smtpTargetOf, transportFor } from '../mail/index.ts';
import { findUserById } from '../users/index.ts';
import {
  type ConfigChange,
  configRowsOf,
  insertConfigChanges,
  listConfigChanges,
  lockConfigs,
  saveConfigValue,
} from './repo.ts';
import { storedValue } from './runtime.ts';

/** The settings as the sysConfig screen shows them. */
export async function settingsView(ctx: AppContext): Promise<SettingsView> {
  const state = await ctx.settings.state();
  return {
    values: viewsOf(state.values),
    saved: state.saved,
    secretsSet: state.secretsSet,
    smtpFromEnvironment: state.values.smtp.host === '' && ctx.config.smtpUrl !== '',
  };
}

/**
 * Saves the given settings in one transaction, each only if it differs from the value in use, with a
 * change record each (a secret's values never recorded); a secret sent blank is kept. The body was checked
 * whole by the contract's schema before anything is written, so a change is saved entirely or not at all.
 * Every instance uses the new values on its next use (the `config` change version).
 */
export async function updateSettings(
  ctx: AppContext,
  auth: Auth,
  changes: ParsedSettingChanges,
): Promise<SettingsView> {
  const wanted: { key: string; value: unknown; secret: boolean }[] = [];
  for (const [group, values] of Object.entries(changes) as [SettingGroup, Record<string, unknown> | undefined][]) {
    for (const [name, value] of Object.entries(values ?? {})) {
      const key = `${group}.${name}`;
      const setting = settingOf(key);
      if (!setting || value === undefined) continue;
      const secret = setting.kind === 'secret';
      if (secret && value === '') continue;
      wanted.push({ key, value, secret });
    }
  }
  if (wanted.length > 0) {
    const defaults = ctx.settings.defaults;
    await ctx.db.transaction().execute(async (trx) => {
      await lockConfigs(trx, ctx.dialect);
      const rows = await configRowsOf(
        trx,
        wanted.map((entry) => entry.key),
      );
      const now = Date.now();
      const records: ConfigChange[] = [];
      for (const entry of wanted) {
        const row = rows.find((r) => r.key === entry.key);
        const kept = row ? storedValue(entry.key, row.value) : undefined;
        const [group, name] = entry.key.split('.') as [keyof SettingValues, string];
        const old = kept !== undefined ? kept : (defaults[group] as Record<string, unknown>)[name];
        if (old === entry.value) continue;
        await saveConfigValue(trx, entry.key, JSON.stringify(entry.value), now);
        records.push({
          key: entry.key,
          oldValue: entry.secret ? null : settingText(entry.key, old),
          newValue: entry.secret ? null : settingText(entry.key, entry.value),
          secret: entry.secret,
          actorId: auth.actorId ?? auth.userId,
        });
      }
      await insertConfigChanges(trx, records, now);
    });
  }
  return settingsView(ctx);
}

export async function listSettingChanges(
  ctx: AppContext,
  query: { key?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await listConfigChanges(ctx.db, query);
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      key: row.key,
      oldValue: row.old_value,
      newValue: row.new_value,
      secret: Number(row.secret) === 1,
      actorId: row.actor_id === null ? null : Number(row.actor_id),
      actorName: row.actor_name,
      at: isoTime(Number(row.created_at)) as string,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Sends a test mail to the caller's own address through the saved SMTP settings, or the form's when given
 * (a blank password uses the saved one), and answers what the SMTP server said. Nothing is kept: it is not
 * a mail of the platform's, and a failure is the answer rather than an error.
 */
export async function sendTestMail(
  ctx: AppContext,
  auth: Auth,
  form: Partial<SettingValues['smtp']> | undefined,
  locale: Locale,
) {
  const saved = (await ctx.settings.current()).smtp;
  const smtp = { ...saved, ...form, password: form?.password ? form.password : saved.password };
  const target = smtpTargetOf(smtp, ctx.config.smtpUrl);
  if (!target) throw new AppError(422, 'smtpNotConfigured');
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound('userNotFound');
  const transport = await transportFor(target);
  try {
    const info = await transport.sendMail({
      from: target.from,
      to: user.email,
      subject: translate('mailTestSubject', locale),
      text: translate('mailTestBody', locale, { server: target.source === 'settings' ? smtp.host : 'SMTP_URL' }),
    });
    return { sent: true, to: user.email, response: String(info.response ?? '') };
  } catch (error) {
    ctx.log.warn({ err: error, to: user.email }, 'test mail refused');
    return { sent: false, to: user.email, response: smtpAnswerOf(error) };
  } finally {
    transport.close();
  }
}

/** What a signed-in user's screens show of the settings. */
export async function platformValues(ctx: AppContext): Promise<PlatformValues> {
  const values = await ctx.settings.current();
  return {
    exchangeRate: values.exchange.cnyPerUsd,
    zoneQueryFee: formatCents(values.zoneQuery.fee),
    wrongSizePenalty: formatCents(values.penalty.wrongSize),
    payees: { ...values.payees },
    apiKeyCallsPerMinute: ctx.config.apiKeyCallsPerMinute,
    label: { ...values.label },
  };
}
