import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { fullPath, ROUTE_TABLE, type RouteMeta } from '../../packages/shared/src/menu.ts';
import { apiLogin } from './api.ts';
import { call } from './flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from './orders.ts';
import { ADMIN_GROUPS, type Customer, createCustomer } from './ui.ts';

/**
 * The sweeps over every screen of the app's route table (accessibility, reflow): the screens, a merchant whose
 * lists and detail screens have something to show, and the way a sweep goes from one screen to the next.
 */

/** A screen of the route table: its name and the URL that opens it (`:id` filled from `ids`). */
export interface Screen {
  name: string;
  url: string;
  group: string;
}

/** Every screen (leaf route, no external link) of the route table, with its top-level group. */
export function screens(ids: Record<string, number>): Screen[] {
  const walk = (routes: readonly RouteMeta[], parentPath: string, group: string): Screen[] =>
    routes.flatMap((route) => {
      if (route.href) return [];
      const path = parentPath ? fullPath(parentPath, route.path) : route.path;
      const top = group || route.name;
      if (route.children?.length) return walk(route.children, path, top);
      const id = ids[route.name];
      // A screen of one record takes it in its path (`:id`) or, under its docs/spec.md name, as `?id=`.
      const url = path.includes(':id') ? path.replace(':id', String(id)) : id ? `${path}?id=${id}` : path;
      return [{ name: route.name, url, group: top }];
    });
  return walk(ROUTE_TABLE, '', '');
}

export const isStaffScreen = (screen: Screen) => (ADMIN_GROUPS as readonly string[]).includes(screen.group);

/**
 * Opens `url` in the app already loaded on `page`, as its own links do (the router follows the history), so
 * a sweep does not load the whole app again for every screen. Done once the app has begun the navigation:
 * its progress bar (#nprogress, apps/web/src/router/progress.ts) appeared; the screen's loading is then
 * waited for by the check. The bar of the screen before must be gone first: NProgress draws no new bar while
 * its last one still fades out, and the wait below would then never end.
 */
async function openInApp(page: Page, url: string): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.evaluate((target) => {
    const marked = window as unknown as { navigationBegun?: boolean };
    marked.navigationBegun = false;
    const started = new MutationObserver((mutations) => {
      const added = mutations.flatMap((mutation) => Array.from(mutation.addedNodes));
      if (added.some((node) => node instanceof Element && node.id === 'nprogress')) {
        started.disconnect();
        marked.navigationBegun = true;
      }
    });
    started.observe(document.body, { childList: true });
    // The state as the app's router writes it (React Router: a key for the entry, its index): the key tells
    // the app a new screen was opened.
    const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  // Waited for here, within a time limit, rather than inside the page: a navigation that never begins fails
  // this step, not the whole sweep at the test's limit.
  await page.waitForFunction(
    () => (window as unknown as { navigationBegun?: boolean }).navigationBegun === true,
    null,
    {
      timeout: 30_000,
    },
  );
}

/**
 * Opens `url` on `page`: loaded when the page is blank, else by the app's router (openInApp); nothing when the
 * screen is already open (where signing in landed), which starts no navigation to wait for.
 */
export async function visit(page: Page, url: string): Promise<void> {
  const here = new URL(page.url());
  if (page.url() === 'about:blank') await page.goto(url);
  else if (`${here.pathname}${here.search}` !== url) await openInApp(page, url);
}

/**
 * A merchant, funded, with a label bought and a work order about it (set up through the API), so that the
 * lists have a row and the detail screens something to show; `ids` opens the detail screens (screens()).
 */
export async function merchantWithRecords(
  request: APIRequestContext,
  prefix: string,
  company: string,
): Promise<{ merchant: Customer; ids: Record<string, number> }> {
  const merchant = await createCustomer(request, { prefix, company });
  await fundCustomer(request, merchant.id, '50.00', `e2e ${prefix}`);
  const token = await apiLogin(request, merchant.email, merchant.password);
  const label = await buyLabelThroughApi(request, token, domesticShipment(company));
  const workOrder = (await call(request, token, '/api/app/workOrder', {
    type: 'tracking',
    subject: 'Where is my parcel?',
    waybill: label.orderNo,
  })) as { id: number };
  const ids = {
    orderDetail: label.orderId,
    reply: workOrder.id,
    replyLink: workOrder.id,
    replyService: workOrder.id,
    replyServiceLink: workOrder.id,
  };
  return { merchant, ids };
}
