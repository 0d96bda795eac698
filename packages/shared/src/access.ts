/**
 * Resource codes (docs/spec.md §6). A role is a set of these codes; routes on the server and screens in the web
 * app declare the codes they need. `*` means "any signed-in user".
 */
export const ANY_SIGNED_IN = '*';

export const CUSTOMER_CODES = [
  'adminChannel',
  'rechargePage',
  'appRechargeList',
  'appBalanceList',
  'appPostageList',
  'resourceManagement',
  'adminRoleList',
  'resourceList',
  'templateAdd',
  'appQuestionList',
  'appSysMessageList',
  'xxx',
] as const;

export const ADMIN_CODES = [
  'menuSystem',
  'adminQuestionList',
  'adminList',
  'getComputeInfo',
  'configList',
  'adminSysMessageList',
  'orderList',
  'proxyUser',
  'staffList',
  'adminChannel',
  'adminRechargeList',
  'adminBalanceList',
  /** Insurance claims: the queue, the decision and the payout (issue 28). */
  'adminClaimList',
] as const;

export type ResourceCode = (typeof CUSTOMER_CODES)[number] | (typeof ADMIN_CODES)[number];

/** Every resource code with the category it is seeded under. */
export const RESOURCE_CATALOGUE: ReadonlyArray<{ code: ResourceCode; category: 'customer' | 'admin' }> = [
  ...CUSTOMER_CODES.map((code) => ({ code, category: 'customer' as const })),
  ...ADMIN_CODES.filter((code) => !(CUSTOMER_CODES as readonly string[]).includes(code)).map((code) => ({
    code,
    category: 'admin' as const,
  })),
];

export const ROLE = {
  customer: 'customer',
  administrator: 'administrator',
  customerService: 'customerService',
  finance: 'finance',
  seller: 'seller',
  proxy: 'proxy',
  overseasWarehouse: 'overseasWarehouse',
} as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

/** docs/spec.md §6's placeholder code: it opens only screens not built yet, held by no built-in role. */
export const PLACEHOLDER_CODE: ResourceCode = 'xxx';

/** Built-in roles that own every account (docs/api.md scope `ownCustomers`). */
export const PLATFORM_WIDE_ROLES: readonly RoleCode[] = [ROLE.administrator, ROLE.customerService, ROLE.finance];

/** Built-in roles whose holders own only the customers registered under them. */
const OWNING_ROLES: readonly string[] = [ROLE.seller, ROLE.proxy];

/**
 * Whether an account owns every account (docs/api.md scope `ownCustomers`), and so moves customers between
 * owners: one holding a platform-wide built-in role, or a staff account holding a role staff made (an
 * employee's own role reaches the platform's accounts as far as its codes go). A seller or proxy owns only
 * the customers registered under it, whatever roles staff add to it; a customer, only itself.
 */
export function isPlatformWide(account: { kind: string; roles: readonly string[] }): boolean {
  const builtIn = Object.values(ROLE) as readonly string[];
  if (account.roles.some((role) => (PLATFORM_WIDE_ROLES as readonly string[]).includes(role))) return true;
  if (account.kind !== 'staff' || account.roles.some((role) => OWNING_ROLES.includes(role))) return false;
  return account.roles.some((role) => !builtIn.includes(role));
}

const CUSTOMER_AREA: ResourceCode[] = [
  'rechargePage',
  'appRechargeList',
  'appBalanceList',
  'appPostageList',
  'templateAdd',
  'appQuestionList',
  'appSysMessageList',
];

/** The built-in roles seeded on first start and the codes each holds. */
export const BUILT_IN_ROLES: ReadonlyArray<{ code: RoleCode; codes: ResourceCode[] }> = [
  { code: ROLE.customer, codes: CUSTOMER_AREA },
  { code: ROLE.administrator, codes: RESOURCE_CATALOGUE.map((r) => r.code).filter((c) => c !== PLACEHOLDER_CODE) },
  {
    code: ROLE.customerService,
    codes: ['menuSystem', 'adminQuestionList', 'orderList', 'adminList', 'appSysMessageList', 'adminClaimList'],
  },
  {
    code: ROLE.finance,
    codes: ['menuSystem', 'adminRechargeList', 'adminBalanceList', 'adminList', 'appSysMessageList', 'adminClaimList'],
  },
  { code: ROLE.seller, codes: ['menuSystem', 'adminList', 'orderList', 'appSysMessageList'] },
  { code: ROLE.proxy, codes: [...CUSTOMER_AREA, 'menuSystem', 'proxyUser'] },
  { code: ROLE.overseasWarehouse, codes: CUSTOMER_AREA },
];

/**
 * docs/spec.md §5 route access rule: passes when the route needs no auth, lists no roles, lists the wildcard, or
 * the user holds one of the listed codes. Codes compare exactly, never by substring.
 */
export function canAccess(
  meta: { requiresAuth?: boolean; roles?: readonly string[] },
  userCodes: readonly string[],
): boolean {
  if (meta.requiresAuth === false) return true;
  const roles = meta.roles;
  if (!roles || roles.length === 0 || roles.includes(ANY_SIGNED_IN)) return true;
  return roles.some((role) => userCodes.includes(role));
}

/** docs/spec.md §5 permission rule for elements: hidden unless the user holds one of the listed codes. */
export function hasAnyCode(required: readonly string[], userCodes: readonly string[]): boolean {
  if (!Array.isArray(required)) throw new TypeError('permission roles must be a list');
  return required.some((code) => userCodes.includes(code));
}
