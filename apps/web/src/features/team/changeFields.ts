import { formatCents, type Locale } from '@parcelport/shared';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../components/Money';
import i18next, { yesNo } from '../../i18n';
import { LOCALE_LABELS } from '../../layout/LanguageSwitch';
import { NO_VALUE } from '../../utils/shown';
import { sizeText } from '../../utils/size';

/**
 * The change history's recorded parts (server http/audit.ts `changedParts`: nested fields dotted, `to.city`)
 * named as the forms that change them label them, and their values as a merchant reads them: money with its
 * sign, a parcel's size with its units, a choice by its name, yes or no. A field not named here shows as
 * recorded.
 */
const FIELD_KEYS: Record<string, string> = {
  // a draft (orders/service.ts draftAsSaved)
  orderNo: 'orderList.orderNo',
  parcels: 'newOrder.parcels',
  reference1: 'newOrder.reference1',
  reference2: 'newOrder.reference2',
  remark: 'newOrder.remark',
  batteryType: 'newOrder.batteryType',
  residential: 'addressForm.residential',
  labelSize: 'newOrder.labelSize',
  shipDate: 'newOrder.shipDate',
  items: 'changeHistory.field.items',
  'extra.signatureOption': 'newOrder.signatureOption',
  'extra.nonDeliveryOption': 'newOrder.nonDeliveryOption',
  'extra.contentsType': 'newOrder.contentsType',
  'extra.description': 'newOrder.description',
  'extra.requestedService': 'changeHistory.field.requestedService',
  // the brand (branding/service.ts brandOf)
  own: 'branding.brandTitle',
  name: 'branding.name',
  logoAttachmentId: 'branding.logo',
  color: 'branding.color',
  supportEmail: 'branding.supportEmail',
  supportPhone: 'branding.supportPhone',
  supportUrl: 'branding.supportUrl',
  // the recipients' notices
  locale: 'branding.noticeLocale',
  templates: 'branding.noticesTitle',
  // the unused labels' setting
  enabled: 'unusedLabels.switch',
  // a team member
  email: 'members.email',
  permissions: 'members.permissions',
};

/** A party's fields (an order's sender and recipient), as the address form labels them. */
const PARTY_KEYS: Record<string, string> = {
  personName: 'addressForm.personName',
  company: 'addressForm.company',
  phone: 'addressForm.phone',
  email: 'addressForm.email',
  countryCode: 'addressForm.country',
  stateCode: 'addressForm.state',
  city: 'addressForm.city',
  addressLine1: 'addressForm.addressLine1',
  addressLine2: 'addressForm.addressLine2',
  zipCode: 'addressForm.zipCode',
  isResidential: 'addressForm.residential',
};
const PARTIES: Record<string, string> = { from: 'newOrder.sender', to: 'newOrder.recipient' };

/** The fields whose value is one of a list, each named in the catalogue under the prefix. */
const CHOICE_PREFIXES: Record<string, string> = {
  batteryType: 'newOrder.battery.',
  'extra.signatureOption': 'newOrder.signature.',
  'extra.nonDeliveryOption': 'newOrder.nonDelivery.',
  'extra.contentsType': 'newOrder.contents.',
};

/** The last part of a dotted field: an object's fields are named alike wherever it sits (`own.name`, `name`). */
const lastPart = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/** A recorded field as its form labels it: `to.city` → "Recipient · City"; a field not known as recorded. */
export function fieldLabel(field: string, t: TFunction): string {
  const [head = '', ...rest] = field.split('.');
  const party = PARTIES[head];
  const partyField = PARTY_KEYS[rest.join('.')];
  if (party && partyField) return `${t(party)} · ${t(partyField)}`;
  const key = FIELD_KEYS[field] ?? FIELD_KEYS[lastPart(field)];
  return key ? t(key) : field;
}

/** A choice's name where the catalogue has one, else the value as recorded. */
const choice = (prefix: string, value: string, t: TFunction) =>
  i18next.exists(prefix + value) ? t(prefix + value) : value;

interface RecordedParcel {
  length: number;
  width: number;
  height: number;
  weight: number;
  distanceUnit?: string;
  massUnit?: string;
  /** Money as the API shows it ("150.00"); a number in cents in records made before 2026-12-02. */
  insuredValue?: string | number;
  reference?: string;
}

/** A parcel on one line: "Parcel 1: 10 × 8 × 4 in · 2 lb · Declared value (insurance) $150.00 · PO-7". */
function parcelLine(parcel: RecordedParcel, index: number, t: TFunction): string {
  const insured =
    typeof parcel.insuredValue === 'number' ? formatCents(parcel.insuredValue) : (parcel.insuredValue ?? '0');
  const parts = [
    sizeText(parcel, parcel.distanceUnit),
    `${parcel.weight}${parcel.massUnit ? ` ${parcel.massUnit}` : ''}`,
    ...(Number(insured) > 0 ? [`${t('parcel.insuredValue')} ${formatMoney(insured)}`] : []),
    ...(parcel.reference ? [parcel.reference] : []),
  ];
  return `${t('parcel.title', { n: index + 1 })}${t('common.colon')}${parts.join(' · ')}`;
}

interface RecordedItem {
  sku?: string;
  name?: string;
  quantity?: number;
}

interface RecordedTemplate {
  event: string;
  enabled: boolean;
  subjectZh?: string;
  bodyZh?: string;
  subjectEn?: string;
  bodyEn?: string;
}

/** The languages a notice template is written in, with the fields of each. */
const TEMPLATE_TEXTS = [
  { locale: 'zh-CN', subject: 'subjectZh', body: 'bodyZh' },
  { locale: 'en-US', subject: 'subjectEn', body: 'bodyEn' },
] as const;

/**
 * A notice template as the branding screen shows it: its event, switched on or off, then each text the merchant
 * wrote on a line of its own under its language and label ("English · Subject: …"); an empty one is not shown.
 */
function templateLines(template: RecordedTemplate, t: TFunction): string[] {
  const texts = TEMPLATE_TEXTS.flatMap(({ locale, subject, body }) =>
    (
      [
        ['branding.subject', template[subject]],
        ['branding.body', template[body]],
      ] as const
    ).flatMap(([label, text]) => (text ? [`${LOCALE_LABELS[locale]} · ${t(label)}${t('common.colon')}${text}`] : [])),
  );
  const state = t(template.enabled ? 'changeHistory.on' : 'changeHistory.off');
  return [`${choice('branding.event.', template.event, t)}${t('common.colon')}${state}`, ...texts];
}

/**
 * Lists whose entries each stand for one thing, named by a field (a notice template by its event): recorded
 * whole, so an entry the change left as it was is not shown on either side.
 */
const KEYED_LISTS: Record<string, string> = { templates: 'event' };

/** The entries of the list `value` that differ from the other side's entry of the same name. */
function changedEntries(field: string, value: unknown[], other: unknown): unknown[] {
  const key = KEYED_LISTS[lastPart(field)];
  if (!key || !Array.isArray(other)) return value;
  const others = new Map(other.filter(isRecord).map((entry) => [entry[key], JSON.stringify(entry)]));
  const changed = value.filter((entry) => !isRecord(entry) || others.get(entry[key]) !== JSON.stringify(entry));
  return changed.length > 0 ? changed : value;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A recorded value as lines to show: a list of parcels or items one a line, of templates those the change
 * touched (`other` is the value on the change's other side), an object (a brand set for the first time) one
 * field a line under its labels, anything else on one line.
 */
export function valueLines(field: string, value: unknown, t: TFunction, other?: unknown): string[] {
  if (value === null || value === undefined || value === '') return [NO_VALUE];
  if (typeof value === 'boolean') return [yesNo(value, t)];
  const name = lastPart(field);
  if (Array.isArray(value)) {
    if (name === 'templates')
      return changedEntries(field, value, other).flatMap((template) => templateLines(template as RecordedTemplate, t));
    if (name === 'parcels') return value.map((parcel, index) => parcelLine(parcel as RecordedParcel, index, t));
    if (name === 'items')
      return value.map(
        (item: RecordedItem) => `${item.quantity ?? 1} × ${[item.name, item.sku].filter(Boolean).join(' · ')}`,
      );
    if (name === 'permissions')
      return [
        value.length === 0
          ? t('members.noPermissions')
          : value.map((code) => choice('members.permission.', String(code), t)).join(', '),
      ];
    return [JSON.stringify(value)];
  }
  if (isRecord(value))
    return Object.entries(value).map(
      ([key, part]) =>
        `${fieldLabel(`${field}.${key}`, t)}${t('common.colon')}${valueLines(`${field}.${key}`, part, t).join('; ')}`,
    );
  if (name === 'logoAttachmentId') return [t('branding.logoSet')];
  if (name === 'locale') return [LOCALE_LABELS[value as Locale] ?? String(value)];
  const prefix = CHOICE_PREFIXES[field];
  return [prefix ? choice(prefix, String(value), t) : String(value)];
}
