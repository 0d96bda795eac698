import { z } from 'zod';
import {
  CERTIFICATIONS,
  MEMBER_TYPE,
  MEMBER_TYPES,
  PROXY_MARKUP_MAX_BP,
  PROXY_MARKUP_MAX_FIXED_CENTS,
} from '../../customers.ts';
import { userListQuery } from '../admin-users/schemas.ts';
import { pageOf, pageQuery, queryId, wholeNumber } from '../common.ts';
import { moneyInput, moneyView } from '../money.ts';
import { email, newPassword } from '../users/schemas.ts';

/**
 * Customers in full, sellers, proxies and overseas-warehouse accounts (issue 13; docs/api.md "Customers,
 * sellers, proxies and overseas warehouses"). Messages are keys of FIELD_MESSAGES.
 */

const required = (max: number) => z.string().trim().min(1, 'fieldRequired').max(max, 'textTooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'textTooLong').default('');

export const memberTypeInput = z
  .number('memberTypeInvalid')
  .refine((value) => (MEMBER_TYPES as number[]).includes(value), 'memberTypeInvalid');
export const certificationInput = z
  .number('certificationInvalid')
  .refine((value) => (CERTIFICATIONS as number[]).includes(value), 'certificationInvalid');
/** A credit limit in a form: 0 to 1,000,000.00 USD. */
export const creditLimitInput = moneyInput.refine((cents) => cents >= 0 && cents <= 100_000_000, 'creditLimitInvalid');
/** The seller or proxy who owns the customer; null: nobody. */
export const ownerIdInput = z.number().int().positive().nullable();

/** The profile fields staff edit on a customer (the same rules as the customer's own profile). */
export const customerProfileFields = {
  firstName: required(60),
  lastName: required(60),
  nickName: optionalText(60),
  company: required(120),
  phone: required(40),
  wechat: optionalText(60),
};

/**
 * A customer as staff change it: the profile always; member type, certification, the USD credit limit
 * and the owner only when given. The credit limit needs adminRechargeList, the owner a platform-wide role.
 */
export const customerUpdateBody = z.object({
  ...customerProfileFields,
  memberType: memberTypeInput.optional(),
  certification: certificationInput.optional(),
  creditLimit: creditLimitInput.optional(),
  ownerId: ownerIdInput.optional(),
});
export type CustomerUpdate = z.output<typeof customerUpdateBody>;

/** A customer made by staff: active at once (unless `active` is false), with the customer role. */
export const customerRegisterBody = z.object({
  email,
  password: newPassword,
  ...customerProfileFields,
  memberType: memberTypeInput.default(MEMBER_TYPE.none),
  certification: certificationInput.default(0),
  creditLimit: creditLimitInput.optional(),
  ownerId: ownerIdInput.optional(),
  active: z.boolean().default(true),
});
export type CustomerRegistration = z.output<typeof customerRegisterBody>;

/** The customer list's filters, for its xlsx export. */
export const customerExportQuery = userListQuery.omit({ page: true, pageSize: true });

/** A picker's search: a part of the account, name or company (any case), at most `limit` rows. */
export const pickerQuery = z.object({
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  limit: wholeNumber(z.number().int().min(1).max(500)).default(50),
});

export const pickerItem = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  kind: z.string().describe("'customer' or 'staff'"),
  status: z.number(),
});
export type PickerItem = z.output<typeof pickerItem>;

export const byServiceBody = z.object({
  serviceCode: z.string().trim().min(1, 'fieldRequired').max(80, 'textTooLong'),
  channelId: z.number().int().positive().optional(),
});

export const allottedCustomer = pickerItem.extend({
  channels: z.array(z.object({ id: z.number(), name: z.string() })).describe('the allotted channels with the service'),
});

/** Date filters: `from` inclusive, `to` exclusive; a bare date means midnight UTC. */
const time = z.iso
  .datetime()
  .or(z.iso.date())
  .transform((value) => Date.parse(value));
export const periodQuery = { from: time.optional(), to: time.optional() };

// ── sellers ──────────────────────────────────────────────────────────────────────────────────────────
export const sellerListQuery = pageQuery.extend({ keyword: z.string().trim().max(100, 'textTooLong').optional() });
export const sellerView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  status: z.number(),
  invitationCode: z.string().nullable(),
  customers: z.number().describe('customers registered under the seller (deleted ones left out)'),
  registrationDate: z.string(),
});
export const sellerPage = pageOf(sellerView);
export const sellerItem = z.object({ id: z.number(), username: z.string(), name: z.string() });

// ── proxies ──────────────────────────────────────────────────────────────────────────────────────────
/** A markup percentage, e.g. "12.5" for 12.5%: 0 to 1000 with two places at most, in basis points. */
export const markupPercentInput = z
  .union([z.string(), z.number()], 'markupPercentInvalid')
  .transform((value) => String(value).trim())
  .refine((text) => /^\d{1,4}(\.\d{1,2})?$/.test(text), 'markupPercentInvalid')
  .transform((text) => Math.round(Number(text) * 100))
  .refine((bp) => bp >= 0 && bp <= PROXY_MARKUP_MAX_BP, 'markupPercentInvalid');
export const markupFixedInput = moneyInput.refine(
  (cents) => cents >= 0 && cents <= PROXY_MARKUP_MAX_FIXED_CENTS,
  'markupFixedInvalid',
);

export const proxyListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  ...periodQuery,
});
export const proxyView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  status: z.number(),
  invitationCode: z.string().nullable(),
  markupPercent: z.string().describe('e.g. "12.50" for 12.5%'),
  markupFixed: moneyView.describe('added per label'),
  customers: z.number(),
  labels: z.number().describe('labels its customers bought in the period and still pay for'),
  commission: moneyView.describe('commission credited in the period, net of reversals'),
  balance: moneyView.describe("the proxy's available USD funds"),
});
export type ProxyRow = z.output<typeof proxyView>;

export const proxyUpdateBody = z.object({
  markupPercent: markupPercentInput,
  markupFixed: markupFixedInput,
  invitationCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, 'invitationCodeFormat')
    .optional()
    .describe('customers who register with it belong to the proxy; made up when the proxy has none'),
});
export const proxyUpdateAnswer = z.object({
  invitationCode: z.string(),
  markupPercent: z.string(),
  markupFixed: moneyView,
});

export const proxyCustomersQuery = pageQuery.extend({
  proxyId: queryId().optional().describe('staff: the proxy whose customers; a proxy: itself (may be left out)'),
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  ...periodQuery,
});
export const proxyCustomerView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  status: z.number(),
  registrationDate: z.string(),
  labels: z.number(),
  spend: moneyView.describe('what the labels cost the customer'),
  commission: moneyView.describe("the proxy's commission on them"),
});

// ── overseas warehouses ──────────────────────────────────────────────────────────────────────────────
export const warehouseListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
  ...periodQuery,
});
export const warehouseExportQuery = warehouseListQuery.omit({ page: true, pageSize: true });
export const warehouseView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  status: z.number(),
  registrationDate: z.string(),
  senderAddresses: z.number().describe('addresses in its address book'),
  labels: z.number().describe('labels bought in the period and still paid for'),
  spend: moneyView.describe('their price and insurance'),
  merchants: z.number().describe('distinct senders on those labels'),
});
export type WarehouseRow = z.output<typeof warehouseView>;
export const warehouseMerchantsQuery = z.object(periodQuery);
export const warehouseMerchantView = z.object({
  sender: z.string().describe('the sender name printed on the labels'),
  labels: z.number(),
  spend: moneyView,
  lastLabelAt: z.string().nullable(),
});
