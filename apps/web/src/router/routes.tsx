import { ANY_SIGNED_IN, fullPath, ORDER_LIST_ROUTES, ROUTE_TABLE, type RouteMeta } from '@parcelport/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { currentLocale, loadListCatalogue } from '../i18n';
// The redirect helper is a few lines: loaded with the shell, so a reload goes straight to the screen.
import RedirectPage from '../pages/redirect/RedirectPage';
import { GroupIndex } from './GroupIndex';
import { NOT_FOUND_PATH } from './guard';
import { publicHandle, type RouteHandle } from './handle';
import { preloadable } from './preloadable';
import { RouteError } from './RouteError';
import { RouteGuard } from './RouteGuard';

// The layout's and the order lists' part of the catalogue comes with the layout (src/i18n: a first visit loads
// the shell's part; the layout loads the rest before any other screen).
const AppLayout = lazy(() =>
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
const NotFoundPage = lazy(() => import('../pages/notFound/NotFoundPage'));
const ContactPage = lazy(() => import('../pages/public/ContactPage'));
const PolicyPage = lazy(() => import('../pages/public/PolicyPage'));
const AuthResultPage = lazy(() => import('../pages/public/AuthResultPage'));
const HelpCenter = lazy(() => import('../pages/public/HelpCenter'));
const WordView = lazy(() => import('../pages/public/WordView'));

const OrderList = lazy(() => import('../pages/shipments/OrderList'));
const ResourceManagement = lazy(() => import('../pages/roleSettings/ResourceManagement'));
const FundDetailsAdmin = lazy(() => import('../pages/adminSettings/customer/FundDetailsAdmin'));
const WorkOrderReply = lazy(() => import('../pages/settings/WorkOrderReply'));
const ReplyService = lazy(() => import('../pages/adminSettings/ReplyService'));

/**
 * The screen of each route name of the shared route table. The table lists only built screens; a
 * test checks that every one of its screens has a component here.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  Workplace: lazy(() => import('../pages/dashboard/Workplace')),
  // docs/spec.md §2 /shipments: every order list route shows one screen; the route name picks the status.
  newOrder: lazy(() => import('../pages/shipments/NewOrder')),
  ...Object.fromEntries(ORDER_LIST_ROUTES.map(({ name }) => [name, OrderList])),
  orderDetail: lazy(() => import('../pages/shipments/OrderDetail')),
  importOrders: lazy(() => import('../pages/shipments/ImportOrders')),
  tracking: lazy(() => import('../pages/tracking/TrackingQuery')),
  findZone: lazy(() => import('../pages/findZone/FindZone')),
  account: lazy(() => import('../pages/settings/Account')),
  packageTemplate: lazy(() => import('../pages/settings/PackageTemplates')),
  addressbook: lazy(() => import('../pages/settings/AddressBook')),
  management: lazy(() => import('../pages/settings/WorkOrders')),
  reply: WorkOrderReply,
  replyLink: WorkOrderReply,
  api: lazy(() => import('../pages/settings/ApiKeys')),
  sales: lazy(() => import('../pages/settings/sales/Sales')),
  serviceManagement: lazy(() => import('../pages/adminSettings/ServiceManagement')),
  replyService: ReplyService,
  replyServiceLink: ReplyService,
  userManagement: lazy(() => import('../pages/adminSettings/UserManagement')),
  employeeManagement: lazy(() =>
    import('../pages/adminSettings/UserManagement').then((page) => ({ default: page.EmployeeManagement })),
  ),
  proxyUser: lazy(() => import('../pages/adminSettings/proxies/ProxyUser')),
  overseasWarehouseUser: lazy(() => import('../pages/adminSettings/warehouses/OverseasWarehouseUser')),
  carrierService: lazy(() => import('../pages/adminSettings/carriers/CarrierService')),
  carrierServiceNew: lazy(() => import('../pages/adminSettings/carriers/CarrierServiceNew')),
  rateCalculation: lazy(() => import('../pages/adminSettings/RateCalculation')),
  sysConfig: lazy(() => import('../pages/adminSettings/sysConfig/SysConfig')),
  helpArticles: lazy(() => import('../pages/adminSettings/helpArticles/HelpArticles')),
  contactRequests: lazy(() => import('../pages/adminSettings/contactRequests/ContactRequests')),
  lxorder: lazy(() => import('../pages/settings/ComingSoon')),
  stores: lazy(() => import('../pages/adminSettings/stores/StaffStores')),
  financialCostChart: lazy(() => import('../pages/adminSettings/financialCostChart/FinancialReport')),
  msgConfig: lazy(() => import('../pages/adminSettings/MsgConfig')),
  sysCenter: lazy(() => import('../pages/sys/SysCenter')),
  userLogs: lazy(() => import('../pages/maintenance/UserLogs')),
  roleManagement: lazy(() => import('../pages/roleSettings/RoleManagement')),
  // docs/spec.md §2: one resource screen; the category route groups it by category.
  resourceCategory: ResourceManagement,
  resourceManagement: ResourceManagement,
  adminAllWaybills: lazy(() => import('../pages/adminSettings/waybills/AllWaybills')),
  orderReview: lazy(() => import('../pages/adminSettings/OrderReview')),
  userChannel: lazy(() => import('../pages/maintenance/UserChannel')),
  channelList: lazy(() => import('../pages/maintenance/ChannelList')),
  unRefundedOrder: lazy(() => import('../pages/maintenance/UnRefundedOrder')),
  recharge: lazy(() => import('../pages/postage/Recharge')),
  rechargeRecord: lazy(() => import('../pages/postage/RechargeRecord')),
  fundDetails: lazy(() => import('../pages/postage/FundDetails')),
  feeDetails: lazy(() => import('../pages/postage/FeeDetails')),
  userRechargeRecords: lazy(() => import('../pages/adminSettings/customer/UserRechargeRecords')),
  customerRecharge: lazy(() => import('../pages/adminSettings/customer/CustomerRecharge')),
  // docs/spec.md §2: one fund-details screen; the route name picks the fund type.
  fundDetailsAdmin: FundDetailsAdmin,
  placeOrder: FundDetailsAdmin,
  refund: FundDetailsAdmin,
  marginRelease: FundDetailsAdmin,
  billDeduction: FundDetailsAdmin,
  doubtfulOrderFlow: lazy(() => import('../pages/maintenance/DoubtfulOrderFlow')),
  apiLog: lazy(() => import('../pages/maintenance/ApiLog')),
  supplementaryAmount: lazy(() => import('../pages/maintenance/SupplementaryAmount')),
};

const metaHandle = (route: RouteMeta): RouteHandle => ({
  meta: {
    name: route.name,
    requiresAuth: route.requiresAuth,
    roles: route.roles,
    locale: route.locale,
    hideInMenu: route.hideInMenu,
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
        { path: NOT_FOUND_PATH, handle: publicHandle('notFound'), element: <NotFoundPage /> },
        // The public site (docs/spec.md §2): no back-office code is loaded for these.
        { path: '/home', handle: publicHandle('home'), element: <HomePage /> },
        { path: '/contactUs', handle: publicHandle('contactUs'), element: <ContactPage /> },
        { path: '/helpCenter', handle: publicHandle('helpCenter'), element: <HelpCenter /> },
        { path: '/wordView', handle: publicHandle('wordView'), element: <WordView /> },
        { path: '/privacyPolicy', handle: publicHandle('privacyPolicy'), element: <PolicyPage page="privacyPolicy" /> },
        { path: '/termsOfUse', handle: publicHandle('termsOfUse'), element: <PolicyPage page="termsOfUse" /> },
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
