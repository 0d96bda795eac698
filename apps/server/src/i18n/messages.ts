import type { Locale } from '@parcelport/shared';
import { ACCESS_MESSAGES } from './catalogue/access.ts';
import { ADDRESS_BOOK_MESSAGES } from './catalogue/address-book.ts';
import { ADDRESSES_MESSAGES } from './catalogue/addresses.ts';
import { ADMIN_USERS_MESSAGES } from './catalogue/admin-users.ts';
import { ATTACHMENTS_MESSAGES } from './catalogue/attachments.ts';
import { AUDIT_MESSAGES } from './catalogue/audit.ts';
import { AUTH_MESSAGES } from './catalogue/auth.ts';
import { BILLS_MESSAGES } from './catalogue/bills.ts';
import { BRANDING_MESSAGES } from './catalogue/branding.ts';
import { CARRIERS_MESSAGES } from './catalogue/carriers.ts';
import { CHANNELS_MESSAGES } from './catalogue/channels.ts';
import { CLAIMS_MESSAGES } from './catalogue/claims.ts';
import { COMMON_MESSAGES } from './catalogue/common.ts';
import { CONFIG_MESSAGES } from './catalogue/config.ts';
import { CUSTOMERS_MESSAGES } from './catalogue/customers.ts';
import { FUNDS_MESSAGES } from './catalogue/funds.ts';
import { HEALTH_MESSAGES } from './catalogue/health.ts';
import { NOTICES_MESSAGES } from './catalogue/notices.ts';
import { ORDERS_MESSAGES } from './catalogue/orders.ts';
import { PICKUPS_MESSAGES } from './catalogue/pickups.ts';
import { PRICING_MESSAGES } from './catalogue/pricing.ts';
import { PRODUCTS_MESSAGES } from './catalogue/products.ts';
import { REPORTS_MESSAGES } from './catalogue/reports.ts';
import { RETURNS_MESSAGES } from './catalogue/returns.ts';
import { RULES_MESSAGES } from './catalogue/rules.ts';
import { SAVED_VIEWS_MESSAGES } from './catalogue/saved-views.ts';
import { SITE_MESSAGES } from './catalogue/site.ts';
import { STORES_MESSAGES } from './catalogue/stores.ts';
import { TAGS_MESSAGES } from './catalogue/tags.ts';
import { TEAM_MESSAGES } from './catalogue/team.ts';
import { TRACKING_MESSAGES } from './catalogue/tracking.ts';
import { UNUSED_LABELS_MESSAGES } from './catalogue/unused-labels.ts';
import { USERS_MESSAGES } from './catalogue/users.ts';
import { WEBHOOKS_MESSAGES } from './catalogue/webhooks.ts';
import { WORK_ORDERS_MESSAGES } from './catalogue/work-orders.ts';

/**
 * Every message the API returns, in both languages. Handlers throw with a key; the error handler picks
 * the language the client asked for (Accept-Language; zh-CN by default, en-US as fallback).
 *
 * The texts stand in catalogue/: what modules/<name> says in catalogue/<name>.ts, the carrier adapters' in
 * carriers.ts; common.ts holds the field rules', the envelope's, the HTTP toolkit's and the request hooks', and
 * those several modules (or none) speak. A key stands in one file only: spread here, a second one would
 * silently replace the first (test/i18n-catalogue.test.ts).
 */
const CATALOGUE = {
  ...COMMON_MESSAGES,
  ...ACCESS_MESSAGES,
  ...ADDRESS_BOOK_MESSAGES,
  ...ADDRESSES_MESSAGES,
  ...ADMIN_USERS_MESSAGES,
  ...ATTACHMENTS_MESSAGES,
  ...AUDIT_MESSAGES,
  ...AUTH_MESSAGES,
  ...BILLS_MESSAGES,
  ...BRANDING_MESSAGES,
  ...CARRIERS_MESSAGES,
  ...CHANNELS_MESSAGES,
  ...CLAIMS_MESSAGES,
  ...CONFIG_MESSAGES,
  ...CUSTOMERS_MESSAGES,
  ...FUNDS_MESSAGES,
  ...HEALTH_MESSAGES,
  ...NOTICES_MESSAGES,
  ...ORDERS_MESSAGES,
  ...PICKUPS_MESSAGES,
  ...PRICING_MESSAGES,
  ...PRODUCTS_MESSAGES,
  ...REPORTS_MESSAGES,
  ...RETURNS_MESSAGES,
  ...RULES_MESSAGES,
  ...SAVED_VIEWS_MESSAGES,
  ...SITE_MESSAGES,
  ...STORES_MESSAGES,
  ...TAGS_MESSAGES,
  ...TEAM_MESSAGES,
  ...TRACKING_MESSAGES,
  ...UNUSED_LABELS_MESSAGES,
  ...USERS_MESSAGES,
  ...WEBHOOKS_MESSAGES,
  ...WORK_ORDERS_MESSAGES,
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof CATALOGUE;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(CATALOGUE, value);
}

export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = CATALOGUE[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** The request's language: en-US when the client asks for English, else the default zh-CN. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}
