import { ANY_SIGNED_IN, canAccess } from './access.ts';
import { ORDER_LIST_ROUTES } from './orders.ts';
import type { MemberPermission } from './team.ts';

/**
 * The route table's metadata (docs/design.md §7): one tree shared by the web router, the menu and the server's
 * `POST /api/user/menu`. Only screens that exist are listed; a screen joins the table when it is built.
 */
export interface RouteMeta {
  /** Route name, unique; also the key the web app maps to a screen component. */
  name: string;
  /** Absolute for top-level groups, relative for children (as docs/spec.md §2 writes them). */
  path: string;
  /** i18n key of the menu and breadcrumb title. */
  locale: string;
  requiresAuth: boolean;
  roles?: readonly string[];
  order?: number;
  icon?: string;
  hideInMenu?: boolean;
  /** An external link: the menu opens it in a new tab. */
  href?: string;
  /** What a team member needs to open it (issue 30): a permission, or `owner` for the account's owner alone. */
  member?: MemberPermission | 'owner';
  children?: RouteMeta[];
}

export const ROUTE_TABLE: RouteMeta[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    locale: 'menu.dashboard',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 0,
    icon: 'dashboard',
    children: [
      {
        name: 'Workplace',
        path: 'workplace',
        locale: 'menu.dashboard.workplace',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
    ],
  },
  {
    // docs/spec.md §2 /shipments: every list route shows the one order list screen; the route decides the status.
    name: 'shipments',
    path: '/shipments',
    locale: 'menu.shipments',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 1,
    icon: 'shipments',
    children: [
      {
        name: 'newOrder',
        path: 'newOrder',
        locale: 'menu.shipments.newOrder',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        hideInMenu: true,
      },
      {
        // Issue 5: import from Excel, reached from the order lists' toolbar.
        name: 'importOrders',
        path: 'import',
        locale: 'menu.shipments.importOrders',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        hideInMenu: true,
      },
      ...ORDER_LIST_ROUTES.map(({ name }) => ({
        name,
        path: name,
        locale: `menu.shipments.${name}`,
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      })),
      {
        // Issue 28: my insurance claims; a claim is filed from its order's detail.
        name: 'claims',
        path: 'claims',
        locale: 'menu.shipments.claims',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        // Issue 30: carrier pickups of the day's labels.
        name: 'pickups',
        path: 'pickups',
        locale: 'menu.shipments.pickups',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        name: 'orderDetail',
        path: 'detail/:id',
        locale: 'menu.shipments.orderDetail',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        hideInMenu: true,
      },
    ],
  },
  {
    // docs/spec.md §2 tracking query with subscribe; any signed-in user tracks their own parcels.
    name: 'tracking',
    path: '/tracking',
    locale: 'menu.tracking',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 2,
    icon: 'tracking',
  },
  {
    // docs/spec.md §2 findZone: a paid zone lookup (docs/spec.md §9, 0.10 USD per query) for any signed-in user.
    name: 'findZone',
    path: '/findZone',
    locale: 'menu.findZone',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 4,
    icon: 'zone',
  },
  {
    name: 'postage',
    path: '/postage',
    locale: 'menu.postage',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 3,
    icon: 'wallet',
    children: [
      {
        name: 'recharge',
        path: 'recharge',
        locale: 'menu.postage.recharge',
        requiresAuth: true,
        roles: ['rechargePage'],
        member: 'topUp',
      },
      {
        name: 'rechargeRecord',
        path: 'rechargeRecord',
        locale: 'menu.postage.rechargeRecord',
        requiresAuth: true,
        roles: ['appRechargeList'],
        member: 'money',
      },
      {
        name: 'fundDetails',
        path: 'fundDetails',
        locale: 'menu.postage.fundDetails',
        requiresAuth: true,
        roles: ['appBalanceList'],
        member: 'money',
      },
      {
        name: 'feeDetails',
        path: 'feeDetails',
        locale: 'menu.postage.feeDetails',
        requiresAuth: true,
        roles: ['appPostageList'],
        member: 'money',
      },
    ],
  },
  {
    name: 'settings',
    path: '/settings',
    locale: 'menu.settings',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 11,
    icon: 'user',
    children: [
      {
        name: 'account',
        path: 'account',
        locale: 'menu.settings.account',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        // docs/spec.md §2 /settings: package templates need templateAdd (docs/spec.md §6); the address book is everyone's.
        name: 'packageTemplate',
        path: 'packageTemplate',
        locale: 'menu.settings.packageTemplate',
        requiresAuth: true,
        roles: ['templateAdd'],
      },
      {
        // Issue 30: the merchant's rules (with their dry run) and its product presets; any signed-in account.
        name: 'rules',
        path: 'rules',
        locale: 'menu.settings.rules',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        name: 'products',
        path: 'products',
        locale: 'menu.settings.products',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        // docs/spec.md §2 /settings: work orders (appQuestionList, docs/spec.md §6); one work order's page is hidden.
        name: 'management',
        path: 'management',
        locale: 'menu.settings.management',
        requiresAuth: true,
        roles: ['appQuestionList'],
      },
      {
        name: 'reply',
        path: 'management/:id',
        locale: 'menu.settings.reply',
        requiresAuth: true,
        roles: ['appQuestionList'],
        hideInMenu: true,
      },
      {
        // docs/spec.md §2 names the reply screens under /settings: /settings/reply?id= and
        // /settings/replyService?id= open the same screens as the lists' own links.
        name: 'replyLink',
        path: 'reply',
        locale: 'menu.settings.reply',
        requiresAuth: true,
        roles: ['appQuestionList'],
        hideInMenu: true,
      },
      {
        name: 'replyServiceLink',
        path: 'replyService',
        locale: 'menu.adminSettings.replyService',
        requiresAuth: true,
        roles: ['adminQuestionList'],
        hideInMenu: true,
      },
      {
        // Issue 28: whether my labels never scanned are voided and refunded automatically.
        name: 'unusedLabels',
        path: 'unusedLabels',
        locale: 'menu.settings.unusedLabels',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        name: 'addressbook',
        path: 'addressbook',
        locale: 'menu.settings.addressbook',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        // docs/spec.md §2 lxorder: a carrier labelled coming soon, guarded by the placeholder key nobody holds.
        name: 'lxorder',
        path: 'lxorder',
        locale: 'menu.settings.lxorder',
        requiresAuth: true,
        roles: ['xxx'],
      },
      {
        // docs/spec.md §2 API settings: any signed-in user makes keys for programs.
        name: 'api',
        path: 'api',
        locale: 'menu.settings.api',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        member: 'keys',
      },
      {
        // Issue 28: the brand on my recipients' tracking pages and the notices they are mailed; a seller or
        // proxy brands its customers with its own.
        name: 'branding',
        path: 'branding',
        locale: 'menu.settings.branding',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        // docs/spec.md §2 sales (sales channels / online stores): any signed-in user connects their own stores.
        name: 'sales',
        path: 'sales',
        locale: 'menu.settings.sales',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
      },
      {
        // Issue 30: the account's team members and what they may do; the owner's alone.
        name: 'members',
        path: 'members',
        locale: 'menu.settings.members',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        member: 'owner',
      },
      {
        // Issue 30: every change the owner, the members and acting staff made to the account.
        name: 'changeHistory',
        path: 'changeHistory',
        locale: 'menu.settings.changeHistory',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        member: 'owner',
      },
    ],
  },
  {
    name: 'adminSettings',
    path: '/adminSettings',
    locale: 'menu.adminSettings',
    requiresAuth: true,
    roles: ['menuSystem'],
    order: 12,
    icon: 'settings',
    children: [
      {
        // docs/spec.md §2: customer service's work orders (adminQuestionList); one work order's page is hidden.
        name: 'serviceManagement',
        path: 'serviceManagement',
        locale: 'menu.adminSettings.serviceManagement',
        requiresAuth: true,
        roles: ['adminQuestionList'],
      },
      {
        name: 'replyService',
        path: 'serviceManagement/:id',
        locale: 'menu.adminSettings.replyService',
        requiresAuth: true,
        roles: ['adminQuestionList'],
        hideInMenu: true,
      },
      {
        // Issue 28: the insurance claims queue (adminClaimList); one claim's decision screen is hidden.
        name: 'claimQueue',
        path: 'claims',
        locale: 'menu.adminSettings.claims',
        requiresAuth: true,
        roles: ['adminClaimList'],
      },
      {
        name: 'claimDecision',
        path: 'claims/:id',
        locale: 'menu.adminSettings.claimDecision',
        requiresAuth: true,
        roles: ['adminClaimList'],
        hideInMenu: true,
      },
      {
        // docs/spec.md §2 employeeManagement (staffList, §6): the employees' table on its own screen.
        name: 'employeeManagement',
        path: 'employeeManagement',
        locale: 'menu.adminSettings.employeeManagement',
        requiresAuth: true,
        roles: ['staffList'],
      },
      {
        // docs/spec.md §2 proxyUser; a proxy sees only itself (docs/api.md).
        name: 'proxyUser',
        path: 'proxyUser',
        locale: 'menu.adminSettings.proxyUser',
        requiresAuth: true,
        roles: ['proxyUser'],
      },
      {
        // docs/spec.md §6: overseas-warehouse users are under adminList.
        name: 'overseasWarehouseUser',
        path: 'overseasWarehouseUser',
        locale: 'menu.adminSettings.overseasWarehouseUser',
        requiresAuth: true,
        roles: ['adminList'],
      },
      {
        name: 'userManagement',
        path: 'userManagement',
        locale: 'menu.adminSettings.userManagement',
        requiresAuth: true,
        roles: ['adminList'],
      },
      {
        // docs/spec.md §6 says carrier service pages allow any role, but every call they make needs adminChannel
        // (apps/server/src/modules/channels/routes.ts); the routes ask for it so the menu shows what works.
        name: 'permission',
        path: 'permission',
        locale: 'menu.adminSettings.permission',
        requiresAuth: true,
        roles: ['adminChannel'],
        children: [
          {
            name: 'carrierService',
            path: 'carrierService',
            locale: 'menu.adminSettings.permission.carrierService',
            requiresAuth: true,
            roles: ['adminChannel'],
          },
          {
            name: 'carrierServiceNew',
            path: 'carrierServiceNew',
            locale: 'menu.adminSettings.permission.carrierServiceNew',
            requiresAuth: true,
            roles: ['adminChannel'],
          },
        ],
      },
      {
        name: 'rateCalculation',
        path: 'rateCalculation',
        locale: 'menu.adminSettings.rateCalculation',
        requiresAuth: true,
        roles: ['getComputeInfo'],
      },
      {
        // The help centre's articles (/helpCenter), written with the other content for users (adminSysMessageList).
        name: 'helpArticles',
        path: 'helpArticles',
        locale: 'menu.adminSettings.helpArticles',
        requiresAuth: true,
        roles: ['adminSysMessageList'],
      },
      {
        // Questions visitors sent from /contactUs, answered by the support desk (adminQuestionList).
        name: 'contactRequests',
        path: 'contactRequests',
        locale: 'menu.adminSettings.contactRequests',
        requiresAuth: true,
        roles: ['adminQuestionList'],
      },
      {
        // Every merchant's online stores and their health (adminList; a seller sees its customers').
        name: 'stores',
        path: 'stores',
        locale: 'menu.adminSettings.stores',
        requiresAuth: true,
        roles: ['adminList'],
      },
      {
        // docs/spec.md §2 financialCostChart: the financial report (adminList; a seller sees its customers).
        name: 'financialCostChart',
        path: 'financialCostChart',
        locale: 'menu.adminSettings.financialCostChart',
        requiresAuth: true,
        roles: ['adminList'],
      },
      {
        // docs/spec.md §2 sysConfig: the run-time settings (configList, docs/spec.md §6).
        name: 'sysConfig',
        path: 'sysConfig',
        locale: 'menu.adminSettings.sysConfig',
        requiresAuth: true,
        roles: ['configList'],
      },
      {
        // docs/spec.md §2 msgConfig: system messages (adminSysMessageList, §6).
        name: 'msgConfig',
        path: 'msgConfig',
        locale: 'menu.adminSettings.msgConfig',
        requiresAuth: true,
        roles: ['adminSysMessageList'],
      },
      {
        name: 'adminAllWaybills',
        path: 'allWaybills',
        locale: 'menu.adminSettings.allWaybills',
        requiresAuth: true,
        roles: ['orderList'],
      },
      {
        name: 'orderReview',
        path: 'orderReview',
        locale: 'menu.adminSettings.orderReview',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        // docs/spec.md §6: the customer finance group allows any role; its screens need their own codes.
        name: 'customer',
        path: 'customer',
        locale: 'menu.adminSettings.customer',
        requiresAuth: true,
        roles: [ANY_SIGNED_IN],
        children: [
          {
            name: 'userRechargeRecords',
            path: 'userRechargeRecords',
            locale: 'menu.adminSettings.customer.userRechargeRecords',
            requiresAuth: true,
            roles: ['adminRechargeList'],
          },
          {
            name: 'fundDetailsAdmin',
            path: 'fundDetailsAdmin',
            locale: 'menu.adminSettings.customer.fundDetailsAdmin',
            requiresAuth: true,
            roles: ['adminBalanceList'],
          },
          {
            name: 'customerRecharge',
            path: 'customerRecharge',
            locale: 'menu.adminSettings.customer.customerRecharge',
            requiresAuth: true,
            roles: ['adminRechargeList'],
          },
          {
            name: 'placeOrder',
            path: 'placeOrder',
            locale: 'menu.adminSettings.customer.placeOrder',
            requiresAuth: true,
            roles: ['adminBalanceList'],
          },
          {
            name: 'refund',
            path: 'refund',
            locale: 'menu.adminSettings.customer.refund',
            requiresAuth: true,
            roles: ['adminBalanceList'],
          },
          {
            name: 'marginRelease',
            path: 'marginRelease',
            locale: 'menu.adminSettings.customer.marginRelease',
            requiresAuth: true,
            roles: ['adminBalanceList'],
          },
          {
            name: 'billDeduction',
            path: 'billDeduction',
            locale: 'menu.adminSettings.customer.billDeduction',
            requiresAuth: true,
            roles: ['adminBalanceList'],
          },
        ],
      },
    ],
  },
  {
    // docs/spec.md §2 /roleSettings (order 13): roles, resource categories and resources.
    name: 'roleSettings',
    path: '/roleSettings',
    locale: 'menu.roleSettings',
    requiresAuth: true,
    roles: ['resourceManagement'],
    order: 13,
    icon: 'user',
    children: [
      {
        name: 'roleManagement',
        path: 'roleManagement',
        locale: 'menu.roleSettings.roleManagement',
        requiresAuth: true,
        roles: ['adminRoleList'],
      },
      {
        name: 'resourceCategory',
        path: 'resourceCategory',
        locale: 'menu.roleSettings.resourceCategory',
        requiresAuth: true,
        roles: ['resourceList'],
      },
      {
        name: 'resourceManagement',
        path: 'resourceManagement',
        locale: 'menu.roleSettings.resourceManagement',
        requiresAuth: true,
        roles: ['resourceList'],
      },
    ],
  },
  {
    name: 'maintenance',
    path: '/maintenance',
    locale: 'menu.maintenance',
    requiresAuth: true,
    roles: ['adminChannel'],
    order: 13,
    icon: 'tool',
    children: [
      {
        name: 'userChannel',
        path: 'userChannel',
        locale: 'menu.maintenance.userChannel',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        name: 'channelList',
        path: 'channelList',
        locale: 'menu.maintenance.channelList',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        // docs/bills.md: the carriers' bills brought in, previewed and posted to the merchants' wallets.
        name: 'supplementaryAmount',
        path: 'supplementaryAmount',
        locale: 'menu.maintenance.supplementaryAmount',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        name: 'unRefundedOrder',
        path: 'unRefundedOrder',
        locale: 'menu.maintenance.unRefundedOrder',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        name: 'doubtfulOrderFlow',
        path: 'doubtfulOrderFlow',
        locale: 'menu.maintenance.doubtfulOrderFlow',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        name: 'apiLog',
        path: 'apiLog',
        locale: 'menu.maintenance.apiLog',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
      {
        name: 'userLogs',
        path: 'userLogs',
        locale: 'menu.maintenance.userLogs',
        requiresAuth: true,
        roles: ['adminChannel'],
      },
    ],
  },
  {
    // docs/spec.md §2 /sys: the system messages centre (appSysMessageList, the customer area's key).
    name: 'sys',
    path: '/sys',
    locale: 'menu.sys',
    requiresAuth: true,
    roles: ['appSysMessageList'],
    order: 14,
    icon: 'bell',
    children: [
      {
        name: 'sysCenter',
        path: 'center',
        locale: 'menu.sys.center',
        requiresAuth: true,
        roles: ['appSysMessageList'],
      },
    ],
  },
  {
    name: 'docs',
    path: '/docs',
    locale: 'menu.docs',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 20,
    icon: 'link',
    href: '/docs/',
  },
  {
    name: 'faq',
    path: '/faq',
    locale: 'menu.faq',
    requiresAuth: true,
    roles: [ANY_SIGNED_IN],
    order: 21,
    icon: 'question',
    href: '/docs/faq',
  },
];

/**
 * Whether a team member holding `permissions` may open the route (null: not a member, the owner or staff):
 * the menu hides, and the router refuses, what the server would refuse the member (issue 30).
 */
export function memberMayOpen(
  route: Pick<RouteMeta, 'member'>,
  permissions: readonly MemberPermission[] | null,
): boolean {
  if (permissions === null || !route.member) return true;
  return route.member !== 'owner' && permissions.includes(route.member);
}

/** Joins a child's relative path to its parent's. */
export function fullPath(parentPath: string, childPath: string): string {
  return childPath.startsWith('/') ? childPath : `${parentPath.replace(/\/$/, '')}/${childPath}`;
}

/**
 * The menu a user may see: routes filtered by docs/spec.md §5's access rule, hidden ones dropped, sorted by
 * `order`, groups left without visible children removed.
 */
export function menuFor(
  userCodes: readonly string[],
  routes: RouteMeta[] = ROUTE_TABLE,
  member: readonly MemberPermission[] | null = null,
): RouteMeta[] {
  return routes
    .filter((route) => !route.hideInMenu && canAccess(route, userCodes) && memberMayOpen(route, member))
    .map((route) => ({ ...route, children: route.children ? menuFor(userCodes, route.children, member) : undefined }))
    .filter((route) => route.href || !route.children || route.children.length > 0)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
