import { ANY_SIGNED_IN, fullPath, ORDER_LIST_ROUTES, ROUTE_TABLE, type RouteMeta } from '@parcelport/shared';
import { lazy } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import { currentLocale, loadListCatalogue, screenCatalogue } from '../i18n';
// The redirect helper is a few lines: loaded with the shell, so a reload goes straight to the screen.
import RedirectPage from '../pages/redirect/RedirectPage';
import { GroupIndex } from './GroupIndex';
import { NOT_FOUND_PATH } from './guard';
import { publicHandle, type RouteHandle } from './handle';
import { type PreloadableScreen, preloadable } from './preloadable';
import { RouteError } from './RouteError';
import { RouteGuard } from './RouteGuard';

// The layout's and the order lists' part of the catalogue comes with the layout (src/i18n: a first visit loads
// the shell's part; the layout loads the rest before any other screen).
const AppLayout = preloadable(() =>
  Promise.all([import('../layout/AppLayout'), loadListCatalogue(currentLocale())]).then(([layout]) => layout),
);
// The pages where first visits land: loaded ahead of the first render when a visit lands on one (main.tsx),
// then drawn without a fallback.
const LoginPage = preloadable(() => import('../pages/login/LoginPage'));
const HomePage = preloadable(() => import('../pages/public/HomePage'));
export const LANDING_PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  '/': LoginPage, // redirects to /login
  '/login': LoginPage,
  '/home': HomePage,
};
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
const ConfigPage = lazy(() => import('../pages/config/ConfigPage'));
const ResetPasswordPage = lazy(() => import('../pages/resetPassword/ResetPasswordPage'));
const AcceptInvitationPage = lazy(() => import('../pages/acceptInvitation/AcceptInvitationPage'));
const NotFoundPage = lazy(() => import('../pages/notFound/NotFoundPage'));
const ContactPage = lazy(() => import('../pages/public/ContactPage'));
const PolicyPage = lazy(() => import('../pages/public/PolicyPage'));
const AuthResultPage = lazy(() => import('../pages/public/AuthResultPage'));
const HelpCenter = lazy(() => import('../pages/public/HelpCenter'));
const WordView = lazy(() => import('../pages/public/WordView'));
const ReturnPage = lazy(() => import('../pages/public/ReturnPage'));

const OrderList = preloadable(() => import('../pages/shipments/OrderList'));
const ResourceManagement = preloadable(() => import('../pages/roleSettings/ResourceManagement'));
const FundDetailsAdmin = preloadable(() => import('../pages/adminSettings/customer/FundDetailsAdmin'));
const WorkOrderReply = preloadable(() => import('../pages/settings/WorkOrderReply'));
const ReplyService = preloadable(() => import('../pages/adminSettings/ReplyService'));

/**
 * The screen of each route name of the shared route table. The table lists only built screens; a
 * test checks that every one of its screens has a component here.
 */
export const SCREENS: Record<string, PreloadableScreen> = {
  Workplace: preloadable(() => import('../pages/dashboard/Workplace')),
  // docs/spec.md §2 /shipments: every order list route shows one screen; the route name picks the status.
  newOrder: preloadable(() => import('../pages/shipments/NewOrder')),
  ...Object.fromEntries(ORDER_LIST_ROUTES.map(({ name }) => [name, OrderList])),
  orderDetail: preloadable(() => import('../pages/shipments/OrderDetail')),
  claims: preloadable(() => import('../pages/shipments/Claims')),
  pickups: preloadable(() => import('../pages/shipments/pickups/Pickups')),
  unusedLabels: preloadable(() => import('../pages/settings/UnusedLabels')),
  claimQueue: preloadable(() => import('../pages/adminSettings/claims/ClaimQueue')),
  claimDecision: preloadable(() => import('../pages/adminSettings/claims/ClaimDecision')),
  importOrders: preloadable(() => import('../pages/shipments/ImportOrders')),
  tracking: preloadable(() => import('../pages/tracking/TrackingQuery')),
  findZone: preloadable(() => import('../pages/findZone/FindZone')),
  account: preloadable(() => import('../pages/settings/Account')),
  packageTemplate: preloadable(() => import('../pages/settings/PackageTemplates')),
  rules: preloadable(() => import('../pages/settings/Rules')),
  products: preloadable(() => import('../pages/settings/Products')),
  addressbook: preloadable(() => import('../pages/settings/AddressBook')),
  management: preloadable(() => import('../pages/settings/WorkOrders')),
  reply: WorkOrderReply,
  replyLink: WorkOrderReply,
  api: preloadable(() => import('../pages/settings/ApiKeys')),
  sales: preloadable(() => import('../pages/settings/sales/Sales')),
  branding: preloadable(() => import('../pages/settings/Branding')),
  members: preloadable(() => import('../pages/settings/Members')),
  changeHistory: preloadable(() => import('../pages/settings/ChangeHistory')),
  serviceManagement: preloadable(() => import('../pages/adminSettings/ServiceManagement')),
  replyService: ReplyService,
  replyServiceLink: ReplyService,
  userManagement: preloadable(() => import('../pages/adminSettings/UserManagement')),
  employeeManagement: preloadable(() =>
    import('../pages/adminSettings/UserManagement').then((page) => ({ default: page.EmployeeManagement })),
  ),
  proxyUser: preloadable(() => import('../pages/adminSettings/proxies/ProxyUser')),
  overseasWarehouseUser: preloadable(() => import('../pages/adminSettings/warehouses/OverseasWarehouseUser')),
  carrierService: preloadable(() => import('../pages/adminSettings/carriers/CarrierService')),
  carrierServiceNew: preloadable(() => import('../pages/adminSettings/carriers/CarrierServiceNew')),
  rateCalculation: preloadable(() => import('../pages/adminSettings/RateCalculation')),
  sysConfig: preloadable(() => import('../pages/adminSettings/sysConfig/SysConfig')),
  helpArticles: preloadable(() => import('../pages/adminSettings/helpArticles/HelpArticles')),
  contactRequests: preloadable(() => import('../pages/adminSettings/contactRequests/ContactRequests')),
  lxorder: preloadable(() => import('../pages/settings/ComingSoon')),
  stores: preloadable(() => import('../pages/adminSettings/stores/StaffStores')),
  financialCostChart: preloadable(() => import('../pages/adminSettings/financialCostChart/FinancialReport')),
  msgConfig: preloadable(() => import('../pages/adminSettings/MsgConfig')),
  sysCenter: preloadable(() => import('../pages/sys/SysCenter')),
  userLogs: preloadable(() => import('../pages/maintenance/UserLogs')),
  roleManagement: preloadable(() => import('../pages/roleSettings/RoleManagement')),
  // docs/spec.md §2: one resource screen; the category route groups it by category.
  resourceCategory: ResourceManagement,
  resourceManagement: ResourceManagement,
  adminAllWaybills: preloadable(() => import('../pages/adminSettings/waybills/AllWaybills')),
  orderReview: preloadable(() => import('../pages/adminSettings/OrderReview')),
  userChannel: preloadable(() => import('../pages/maintenance/UserChannel')),
  channelList: preloadable(() => import('../pages/maintenance/ChannelList')),
  unRefundedOrder: preloadable(() => import('../pages/maintenance/UnRefundedOrder')),
  recharge: preloadable(() => import('../pages/postage/Recharge')),
  rechargeRecord: preloadable(() => import('../pages/postage/RechargeRecord')),
  fundDetails: preloadable(() => import('../pages/postage/FundDetails')),
  feeDetails: preloadable(() => import('../pages/postage/FeeDetails')),
  userRechargeRecords: preloadable(() => import('../pages/adminSettings/customer/UserRechargeRecords')),
  customerRecharge: preloadable(() => import('../pages/adminSettings/customer/CustomerRecharge')),
  // docs/spec.md §2: one fund-details screen; the route name picks the fund type.
  fundDetailsAdmin: FundDetailsAdmin,
  placeOrder: FundDetailsAdmin,
  refund: FundDetailsAdmin,
  marginRelease: FundDetailsAdmin,
  billDeduction: FundDetailsAdmin,
  doubtfulOrderFlow: preloadable(() => import('../pages/maintenance/DoubtfulOrderFlow')),
  apiLog: preloadable(() => import('../pages/maintenance/ApiLog')),
  supplementaryAmount: preloadable(() => import('../pages/maintenance/SupplementaryAmount')),
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
