import { ANY_SIGNED_IN, fullPath, ORDER_LIST_ROUTES, ROUTE_TABLE, type RouteMeta } from '@parcelport/shared';
import { lazy } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import * as account from '../features/account/lazy';
import * as addressBook from '../features/address-book/lazy';
import * as batches from '../features/batches/lazy';
import * as bills from '../features/bills/lazy';
import * as branding from '../features/branding/lazy';
import * as channels from '../features/channels/lazy';
import * as claims from '../features/claims/lazy';
import * as config from '../features/config/lazy';
import * as contact from '../features/contact/lazy';
import * as customers from '../features/customers/lazy';
import * as dashboard from '../features/dashboard/lazy';
import * as developers from '../features/developers/lazy';
import * as findZone from '../features/find-zone/lazy';
import * as funds from '../features/funds/lazy';
import * as help from '../features/help/lazy';
import * as logs from '../features/logs/lazy';
import * as messages from '../features/messages/lazy';
import * as orders from '../features/orders/lazy';
import * as pickups from '../features/pickups/lazy';
import * as products from '../features/products/lazy';
import * as purchase from '../features/purchase/lazy';
import * as reports from '../features/reports/lazy';
import * as returns from '../features/returns/lazy';
import * as roles from '../features/roles/lazy';
import * as rules from '../features/rules/lazy';
import * as signIn from '../features/sign-in/lazy';
import * as site from '../features/site/lazy';
import * as stores from '../features/stores/lazy';
import * as team from '../features/team/lazy';
import * as templates from '../features/templates/lazy';
import * as tracking from '../features/tracking/lazy';
import * as workOrders from '../features/work-orders/lazy';
import { currentLocale, loadListCatalogue, screenCatalogue } from '../i18n';
import { GroupIndex } from './GroupIndex';
import { NOT_FOUND_PATH } from './guard';
import { publicHandle, type RouteHandle } from './handle';
import { type PreloadableScreen, preloadable } from './preloadable';
// The redirect helper is a few lines: loaded with the shell, so a reload goes straight to the screen.
import RedirectPage from './RedirectPage';
import { RouteError } from './RouteError';
import { RouteGuard } from './RouteGuard';

// The layout's and the order lists' part of the catalogue comes with the layout (src/i18n: a first visit loads
// the shell's part; the layout loads the rest before any other screen).
const AppLayout = preloadable(() =>
  Promise.all([import('../layout/AppLayout'), loadListCatalogue(currentLocale())]).then(([layout]) => layout),
);
// The pages where first visits land: loaded ahead of the first render when a visit lands on one (main.tsx),
// then drawn without a fallback.
const LoginPage = preloadable(signIn.LoginPage);
const HomePage = preloadable(site.HomePage);
export const LANDING_PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  '/': LoginPage, // redirects to /login
  '/login': LoginPage,
  '/home': HomePage,
};
const RegisterPage = lazy(signIn.RegisterPage);
const ConfigPage = lazy(signIn.ConfigPage);
const ResetPasswordPage = lazy(signIn.ResetPasswordPage);
const AcceptInvitationPage = lazy(signIn.AcceptInvitationPage);
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ContactPage = lazy(contact.ContactPage);
const PolicyPage = lazy(site.PolicyPage);
const AuthResultPage = lazy(site.AuthResultPage);
const HelpCenter = lazy(help.HelpCenter);
const WordView = lazy(site.WordView);
const ReturnPage = lazy(returns.ReturnPage);

const OrderList = preloadable(orders.OrderList);
const ResourceManagement = preloadable(roles.ResourceManagement);
const FundDetailsAdmin = preloadable(funds.FundDetailsAdmin);
const WorkOrderReply = preloadable(workOrders.WorkOrderReply);
const ReplyService = preloadable(workOrders.ReplyService);

/**
 * The screen of each route name of the shared route table. The table lists only built screens; a
 * test checks that every one of its screens has a component here.
 */
export const SCREENS: Record<string, PreloadableScreen> = {
  Workplace: preloadable(dashboard.Workplace),
  // docs/spec.md §2 /shipments: every order list route shows one screen; the route name picks the status.
  newOrder: preloadable(purchase.NewOrder),
  ...Object.fromEntries(ORDER_LIST_ROUTES.map(({ name }) => [name, OrderList])),
  orderDetail: preloadable(orders.OrderDetail),
  claims: preloadable(claims.Claims),
  pickups: preloadable(pickups.Pickups),
  unusedLabels: preloadable(orders.UnusedLabels),
  claimQueue: preloadable(claims.ClaimQueue),
  claimDecision: preloadable(claims.ClaimDecision),
  importOrders: preloadable(batches.ImportOrders),
  tracking: preloadable(tracking.TrackingQuery),
  findZone: preloadable(findZone.FindZone),
  account: preloadable(account.Account),
  packageTemplate: preloadable(templates.PackageTemplates),
  rules: preloadable(rules.Rules),
  products: preloadable(products.Products),
  addressbook: preloadable(addressBook.AddressBook),
  management: preloadable(workOrders.WorkOrders),
  reply: WorkOrderReply,
  replyLink: WorkOrderReply,
  api: preloadable(developers.ApiKeys),
  sales: preloadable(stores.Sales),
  branding: preloadable(branding.Branding),
  members: preloadable(team.Members),
  changeHistory: preloadable(team.ChangeHistory),
  serviceManagement: preloadable(workOrders.ServiceManagement),
  replyService: ReplyService,
  replyServiceLink: ReplyService,
  userManagement: preloadable(customers.UserManagement),
  employeeManagement: preloadable(customers.EmployeeManagement),
  proxyUser: preloadable(customers.ProxyUser),
  overseasWarehouseUser: preloadable(customers.OverseasWarehouseUser),
  carrierService: preloadable(channels.CarrierService),
  carrierServiceNew: preloadable(channels.CarrierServiceNew),
  rateCalculation: preloadable(channels.RateCalculation),
  sysConfig: preloadable(config.SysConfig),
  helpArticles: preloadable(help.HelpArticles),
  contactRequests: preloadable(contact.ContactRequests),
  lxorder: preloadable(() => import('./ComingSoon')),
  stores: preloadable(stores.StaffStores),
  financialCostChart: preloadable(reports.FinancialReport),
  msgConfig: preloadable(messages.MsgConfig),
  sysCenter: preloadable(messages.SysCenter),
  userLogs: preloadable(logs.UserLogs),
  roleManagement: preloadable(roles.RoleManagement),
  // docs/spec.md §2: one resource screen; the category route groups it by category.
  resourceCategory: ResourceManagement,
  resourceManagement: ResourceManagement,
  adminAllWaybills: preloadable(orders.AllWaybills),
  orderReview: preloadable(orders.OrderReview),
  userChannel: preloadable(channels.UserChannel),
  channelList: preloadable(channels.ChannelList),
  unRefundedOrder: preloadable(bills.UnRefundedOrder),
  recharge: preloadable(funds.Recharge),
  rechargeRecord: preloadable(funds.RechargeRecord),
  fundDetails: preloadable(funds.FundDetails),
  feeDetails: preloadable(funds.FeeDetails),
  userRechargeRecords: preloadable(funds.UserRechargeRecords),
  customerRecharge: preloadable(funds.CustomerRecharge),
  // docs/spec.md §2: one fund-details screen; the route name picks the fund type.
  fundDetailsAdmin: FundDetailsAdmin,
  placeOrder: FundDetailsAdmin,
  refund: FundDetailsAdmin,
  marginRelease: FundDetailsAdmin,
  billDeduction: FundDetailsAdmin,
  doubtfulOrderFlow: preloadable(funds.DoubtfulOrderFlow),
  apiLog: preloadable(logs.ApiLog),
  supplementaryAmount: preloadable(bills.SupplementaryAmount),
};

/** The name of the screen of the route table at `pathname`, if any. */
function screenAt(pathname: string, routes: readonly RouteMeta[] = ROUTE_TABLE, parentPath = ''): string | undefined {
  for (const route of routes) {
    if (route.href) continue;
    const path = parentPath ? fullPath(parentPath, route.path) : route.path;
    const found = route.children?.length
      ? screenAt(pathname, route.children, path)
      : matchPath(path, pathname)
        ? route.name
        : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * A signed-in visit landing on a screen: the layout, the screen and their texts load at once, side by side,
 * instead of one after the other as each renders (main.tsx); undefined where `pathname` is no screen.
 */
export function preloadScreen(pathname: string): Promise<unknown> | undefined {
  const name = screenAt(pathname);
  const screen = name === undefined ? undefined : SCREENS[name];
  if (!screen) return undefined;
  return Promise.all([AppLayout.preload(), screen.preload(), screenCatalogue(name)]);
}

const metaHandle = (route: RouteMeta): RouteHandle => ({
  meta: {
    name: route.name,
    requiresAuth: route.requiresAuth,
    roles: route.roles,
    locale: route.locale,
    hideInMenu: route.hideInMenu,
    member: route.member,
  },
});

/** Router routes from the shared table: groups with their screens; external links are menu items only. */
export function screenRoutes(routes: readonly RouteMeta[] = ROUTE_TABLE, parentPath = ''): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (route.href) return [];
    const path = parentPath ? fullPath(parentPath, route.path) : route.path;
    if (route.children && route.children.length > 0) {
      return [
        {
          path: route.path,
          handle: metaHandle(route),
          children: [{ index: true, element: <GroupIndex path={path} /> }, ...screenRoutes(route.children, path)],
        },
      ];
    }
    const Screen = SCREENS[route.name];
    if (!Screen) return [];
    return [{ path: route.path, handle: metaHandle(route), element: <Screen /> }];
  });
}

/** The hidden redirect helper of docs/spec.md §2 (route name Redirect, login required). */
const redirectRoute: RouteObject = {
  path: '/redirect/*',
  handle: {
    meta: { name: 'Redirect', requiresAuth: true, roles: [ANY_SIGNED_IN], hideInMenu: true },
  } satisfies RouteHandle,
  element: <RedirectPage />,
};

export function createRoutes(routes: readonly RouteMeta[] = ROUTE_TABLE): RouteObject[] {
  return [
    {
      element: <RouteGuard />,
      errorElement: <RouteError />,
      children: [
        { path: '/', handle: publicHandle('root'), element: <Navigate to="/login" replace /> },
        { path: '/login', handle: publicHandle('login'), element: <LoginPage /> },
        { path: '/registerForm', handle: publicHandle('registerForm'), element: <RegisterPage /> },
        { path: '/register', handle: publicHandle('register'), element: <Navigate to="/login" replace /> },
        { path: '/config', handle: publicHandle('config'), element: <ConfigPage /> },
        { path: '/resetPassword', handle: publicHandle('resetPassword'), element: <ResetPasswordPage /> },
        {
          path: '/acceptInvitation',
          handle: publicHandle('acceptInvitation'),
          element: <AcceptInvitationPage />,
        },
        { path: NOT_FOUND_PATH, handle: publicHandle('notFound'), element: <NotFoundPage /> },
        // The public site (docs/spec.md §2): no back-office code is loaded for these.
        { path: '/home', handle: publicHandle('home'), element: <HomePage /> },
        { path: '/contactUs', handle: publicHandle('contactUs'), element: <ContactPage /> },
        { path: '/helpCenter', handle: publicHandle('helpCenter'), element: <HelpCenter /> },
        { path: '/wordView', handle: publicHandle('wordView'), element: <WordView /> },
        { path: '/privacyPolicy', handle: publicHandle('privacyPolicy'), element: <PolicyPage page="privacyPolicy" /> },
        { path: '/termsOfUse', handle: publicHandle('termsOfUse'), element: <PolicyPage page="termsOfUse" /> },
        // A return link (issue 28): the label to print, for whoever returns the parcel, without signing in.
        { path: '/r/:link', handle: publicHandle('returnPage'), element: <ReturnPage /> },
        ...(['authAccepted', 'authDeclined', 'authSuccess'] as const).map((kind) => ({
          path: `/${kind}`,
          handle: publicHandle(kind),
          element: <AuthResultPage kind={kind} />,
        })),
        { element: <AppLayout />, children: [...screenRoutes(routes), redirectRoute] },
        { path: '*', handle: publicHandle('notFound'), element: <NotFoundPage /> },
      ],
    },
  ];
}
