import { describe, expect, test } from 'vitest';
import { BUILT_IN_ROLES, canAccess } from '../src/access.ts';
import { ROUTE_TABLE, type RouteMeta } from '../src/menu.ts';

/**
 * Walks the route table against the roles: every screen opens for exactly the roles docs/spec.md §6 gives
 * it. The keys below are §6's, route by route; a new screen must say which it needs before this passes.
 */
const ADMIN_AREA = 'menuSystem';
const SPEC_KEYS: Record<string, string[]> = {
  // The customer area: any signed-in user unless §6 names a key.
  Workplace: [],
  ...Object.fromEntries(
    [
      'newOrder',
      'importOrders',
      'allWaybills',
      'draft',
      'transported',
      'transportation',
      'Delivered',
      'cancelWaybill',
      'failWaybill',
      'canceled',
      'VoidedAll',
      'isRefuse',
      'placingOrder',
      'orderDetail',
      'tracking',
      'findZone',
      'account',
      'addressbook',
      'api',
      'sales',
      'docs',
      'faq',
      // Screens issue 28 added, for any signed-in account: its claims, its unused labels, its brand.
      'claims',
      'unusedLabels',
      'branding',
      // Issue 30: the merchant's rules and products.
      'rules',
      'products',
      // Issue 30: the team and the change history (the owner's alone: `member: 'owner'`).
      'members',
      'changeHistory',
      // Issue 30: the carrier pickups of the day's labels.
      'pickups',
    ].map((name) => [name, []]),
  ),
  recharge: ['rechargePage'],
  rechargeRecord: ['appRechargeList'],
  fundDetails: ['appBalanceList'],
  feeDetails: ['appPostageList'],
  packageTemplate: ['templateAdd'],
  management: ['appQuestionList'],
  reply: ['appQuestionList'],
  replyLink: ['appQuestionList'],
  // The staff's reply screen under the customer's /settings path (docs/spec.md §2).
  replyServiceLink: ['adminQuestionList'],
  sysCenter: ['appSysMessageList'],
  // A carrier labelled coming soon: the placeholder key, which no role holds.
  lxorder: ['xxx'],
  roleManagement: ['resourceManagement', 'adminRoleList'],
  resourceCategory: ['resourceManagement', 'resourceList'],
  resourceManagement: ['resourceManagement', 'resourceList'],
  // Maintenance tools: adminChannel.
  ...Object.fromEntries(
    [
      'userChannel',
      'channelList',
      'supplementaryAmount',
      'unRefundedOrder',
      'doubtfulOrderFlow',
      'apiLog',
      'userLogs',
    ].map((name) => [name, ['adminChannel']]),
  ),
  // The admin area: menuSystem, and the screen's own key.
  serviceManagement: [ADMIN_AREA, 'adminQuestionList'],
  replyService: [ADMIN_AREA, 'adminQuestionList'],
  employeeManagement: [ADMIN_AREA, 'staffList'],
  proxyUser: [ADMIN_AREA, 'proxyUser'],
  overseasWarehouseUser: [ADMIN_AREA, 'adminList'],
  userManagement: [ADMIN_AREA, 'adminList'],
  financialCostChart: [ADMIN_AREA, 'adminList'],
  stores: [ADMIN_AREA, 'adminList'],
  contactRequests: [ADMIN_AREA, 'adminQuestionList'],
  helpArticles: [ADMIN_AREA, 'adminSysMessageList'],
  // Issue 28's claim queue and decision: the admin area and the claims key.
  claimQueue: [ADMIN_AREA, 'adminClaimList'],
  claimDecision: [ADMIN_AREA, 'adminClaimList'],
  // §6 lets any role open the carrier service pages; their calls need adminChannel (the carrier management
  // group's key), so the screens ask for it too and nobody is shown a screen whose every call is refused.
  carrierService: [ADMIN_AREA, 'adminChannel'],
  carrierServiceNew: [ADMIN_AREA, 'adminChannel'],
  rateCalculation: [ADMIN_AREA, 'getComputeInfo'],
  sysConfig: [ADMIN_AREA, 'configList'],
  msgConfig: [ADMIN_AREA, 'adminSysMessageList'],
  adminAllWaybills: [ADMIN_AREA, 'orderList'],
  orderReview: [ADMIN_AREA, 'adminChannel'],
  userRechargeRecords: [ADMIN_AREA, 'adminRechargeList'],
  customerRecharge: [ADMIN_AREA, 'adminRechargeList'],
  ...Object.fromEntries(
    ['fundDetailsAdmin', 'placeOrder', 'refund', 'marginRelease', 'billDeduction'].map((name) => [
      name,
      [ADMIN_AREA, 'adminBalanceList'],
    ]),
  ),
};

/** Every screen of the table with the routes above it (a group's rule applies to its screens). */
function screens(routes: readonly RouteMeta[], above: RouteMeta[] = []): { route: RouteMeta; chain: RouteMeta[] }[] {
  return routes.flatMap((route) =>
    route.children?.length ? screens(route.children, [...above, route]) : [{ route, chain: [...above, route] }],
  );
}
const opens = (chain: RouteMeta[], codes: readonly string[]) => chain.every((meta) => canAccess(meta, codes));

describe('the route table against the roles (docs/spec.md §2, §6)', () => {
  const all = screens(ROUTE_TABLE);

  test('every screen states the keys §6 gives it', () => {
    expect(all.map(({ route }) => route.name).filter((name) => !(name in SPEC_KEYS))).toEqual([]);
  });

  for (const role of BUILT_IN_ROLES) {
    test(`the ${role.code} role opens exactly the screens whose keys it holds`, () => {
      const wrong = all
        .filter(({ route, chain }) => {
          const expected = (SPEC_KEYS[route.name] ?? []).every((key) => role.codes.includes(key as never));
          return opens(chain, role.codes) !== expected;
        })
        .map(({ route }) => route.name);
      expect(wrong).toEqual([]);
    });
  }

  test("a screen's own key without the admin area opens nothing of the admin area", () => {
    for (const { route, chain } of all) {
      const keys = SPEC_KEYS[route.name] ?? [];
      if (!keys.includes(ADMIN_AREA)) continue;
      expect(
        opens(
          chain,
          keys.filter((key) => key !== ADMIN_AREA),
        ),
        route.name,
      ).toBe(false);
      expect(opens(chain, keys), route.name).toBe(true);
    }
  });
});
