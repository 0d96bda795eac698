import { chromium } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
const base = 'http://127.0.0.1:8605';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await ctx.addInitScript(() => localStorage.setItem('locale', 'en-US'));
const page = await ctx.newPage();
const check = async (url: string) => {
  await page.goto(base + url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  for (const v of r.violations) console.log(url, v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' + n.html.slice(0, 120)).join(' | '));
};
for (const u of ['/login', '/home', '/helpCenter']) await check(u);
// sign in as admin through the form
await page.goto(base + '/login');
await page.getByTestId('login-username').fill('admin@example.com');
await page.getByTestId('login-password').fill('Admin#2026');
await page.getByTestId('login-submit').click();
await page.waitForURL(/workplace/, { timeout: 120000 });
for (const u of ['/dashboard/workplace', '/shipments/allWaybills', '/adminSettings/userManagement', '/settings/account']) await check(u);
await browser.close();
