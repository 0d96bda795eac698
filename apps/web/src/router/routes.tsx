import { ANY_SIGNED_IN, fullPath, ORDER_LIST_ROUTES, ROUTE_TABLE, type RouteMeta } from '@parcelport/shared';
import { lazy } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
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
const LoginPage = preloadable(() => import('../features/sign-in/LoginPage'));
const HomePage = preloadable(() => import('../features/site/HomePage'));
export const LANDING_PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  '/': LoginPage, // redirects to /login
  '/login': LoginPage,
  '/home': HomePage,
};
const RegisterPage = lazy(() => import('../features/sign-in/RegisterPage'));
const ConfigPage = lazy(() => import('../features/sign-in/ConfigPage'));
const ResetPasswordPage = lazy(() => import('../features/sign-in/ResetPasswordPage'));
const AcceptInvitationPage = lazy(() => import('../features/sign-in/AcceptInvitationPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ContactPage = lazy(() => import('../features/contact/ContactPage'));
const PolicyPage = lazy(() => import('../features/site/PolicyPage'));
const AuthResultPage = lazy(() => import('../features/site/AuthResultPage'));
const HelpCenter = lazy(() => import('../features/help/HelpCenter'));
const WordView = lazy(() => import('../features/site/WordView'));
const ReturnPage = lazy(() => import('../features/returns/ReturnPage'));

const OrderList = preloadable(() => import('../features/orders/OrderList'));
const ResourceManagement = preloadable(() => import('../features/roles/ResourceManagement'));
const FundDetailsAdmin = preloadable(() => import('../features/funds/FundDetailsAdmin'));
const WorkOrderReply = preloadable(() => import('../features/work-orders/WorkOrderReply'));
const ReplyService = preloadable(() => import('../features/work-orders/ReplyService'));

/**
 * The screen of each route name of the shared route table. The table lists only built screens; a
 * test checks that every one of its screens has a component here.
 */
export const SCREENS: Record<string, PreloadableScreen> = {
  Workplace: preloadable(() => import('../features/dashboard/Workplace')),
  // docs/spec.md §2 /shipments: every order list route shows one screen; the route name picks the status.
  newOrder: preloadable(() => import('../features/purchase/NewOrder')),
  ...Object.fromEntries(ORDER_LIST_ROUTES.map(({ name }) => [name, OrderList])),
  orderDetail: preloadable(() => import('../features/orders/OrderDetail')),
  claims: preloadable(() => import('../features/claims/Claims')),
  pickups: preloadable(() => import('../features/pickups/Pickups')),
  unusedLabels: preloadable(() => import('../features/orders/UnusedLabels')),
  claimQueue: preloadable(() => import('../features/claims/ClaimQueue')),
  claimDecision: preloadable(() => import('../features/claims/ClaimDecision')),
  importOrders: preloadable(() => import('../features/batches/ImportOrders')),
  tracking: preloadable(() => import('../features/tracking/TrackingQuery')),
  findZone: preloadable(() => import('../features/find-zone/FindZone')),
  account: preloadable(() => import('../features/account/Account')),
  packageTemplate: preloadable(() => import('../features/templates/PackageTemplates')),
  rules: preloadable(() => import('../features/rules/Rules')),
  products: preloadable(() => import('../features/products/Products')),
  addressbook: preloadable(() => import('../features/address-book/AddressBook')),
  management: preloadable(() => import('../features/work-orders/WorkOrders')),
  reply: WorkOrderReply,
  replyLink: WorkOrderReply,
  api: preloadable(() => import('../features/developers/ApiKeys')),
  sales: preloadable(() => import('../features/stores/Sales')),
  branding: preloadable(() => import('../features/branding/Branding')),
  members: preloadable(() => import('../features/team/Members')),
  changeHistory: preloadable(() => import('../features/team/ChangeHistory')),
  serviceManagement: preloadable(() => import('../features/work-orders/ServiceManagement')),
  replyService: ReplyService,
  replyServiceLink: ReplyService,
  userManagement: preloadable(() => import('../features/customers/UserManagement')),
  employeeManagement: preloadable(() =>
    import('../features/customers/UserManagement').then((page) => ({ default: page.EmployeeManagement })),
  ),
  proxyUser: preloadable(() => import('../features/customers/ProxyUser')),
  overseasWarehouseUser: preloadable(() => import('../features/customers/OverseasWarehouseUser')),
  carrierService: preloadable(() => import('../features/channels/CarrierService')),
  carrierServiceNew: preloadable(() => import('../features/channels/CarrierServiceNew')),
  rateCalculation: preloadable(() => import('../features/channels/pricing/RateCalculation')),
  sysConfig: preloadable(() => import('../features/config/SysConfig')),
  helpArticles: preloadable(() => import('../features/help/HelpArticles')),
  contactRequests: preloadable(() => import('../features/contact/ContactRequests')),
  lxorder: preloadable(() => import('./ComingSoon')),
  stores: preloadable(() => import('../features/stores/StaffStores')),
  financialCostChart: preloadable(() => import('../features/reports/FinancialReport')),
  msgConfig: preloadable(() => import('../features/messages/MsgConfig')),
  sysCenter: preloadable(() => import('../features/messages/SysCenter')),
  userLogs: preloadable(() => import('../features/logs/UserLogs')),
  roleManagement: preloadable(() => import('../features/roles/RoleManagement')),
  // docs/spec.md §2: one resource screen; the category route groups it by category.
  resourceCategory: ResourceManagement,
  resourceManagement: ResourceManagement,
  adminAllWaybills: preloadable(() => import('../features/orders/staff/AllWaybills')),
  orderReview: preloadable(() => import('../features/orders/staff/OrderReview')),
  userChannel: preloadable(() => import('../features/channels/UserChannel')),
  channelList: preloadable(() => import('../features/channels/ChannelList')),
  unRefundedOrder: preloadable(() => import('../features/bills/UnRefundedOrder')),
  recharge: preloadable(() => import('../features/funds/Recharge')),
  rechargeRecord: preloadable(() => import('../features/funds/RechargeRecord')),
  fundDetails: preloadable(() => import('../features/funds/FundDetails')),
  feeDetails: preloadable(() => import('../features/funds/FeeDetails')),
  userRechargeRecords: preloadable(() => import('../features/funds/UserRechargeRecords')),
  customerRecharge: preloadable(() => import('../features/funds/CustomerRecharge')),
  // docs/spec.md §2: one fund-details screen; the route name picks the fund type.
  fundDetailsAdmin: FundDetailsAdmin,
  placeOrder: FundDetailsAdmin,
  refund: FundDetailsAdmin,
  marginRelease: FundDetailsAdmin,
  billDeduction: FundDetailsAdmin,
  doubtfulOrderFlow: preloadable(() => import('../features/funds/DoubtfulOrderFlow')),
  apiLog: preloadable(() => import('../features/logs/ApiLog')),
  supplementaryAmount: preloadable(() => import('../features/bills/SupplementaryAmount')),
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
