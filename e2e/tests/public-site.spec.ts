import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { latestMail, uniqueEmail } from '../support/api.ts';
import { openFromMenu, PHONE, pageWidth, phonePage, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { text } from '../support/ui.ts';

/**
 * Issue 14, the public site: a visitor on a phone (390 px) reads the home page and a help article, sends a question from
 * /contactUs, reads the privacy policy and the terms, and lands on a store authorisation result; the support
 * desk answers the question on /adminSettings/contactRequests and the visitor is mailed the answer in the
 * language they wrote in. In both languages.
 */

/** Nothing wider than the phone's screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a visitor reads the public site on a phone and asks a question; the desk answers by mail (${locale})`, async ({
    browser,
  }) => {
    const t = (key: string) => text(locale, key);
    const email = uniqueEmail(`visitor-${locale.toLowerCase()}`);
    const question = `Do you ship pallets to Canada? (${email})`;
    const visitor = await phonePage(browser, locale);

    await test.step('the home page says what the platform does, light, sized from the phone rem base', async () => {
      const scripts: string[] = [];
      visitor.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await visitor.goto('/home');
      await expect(visitor.getByTestId('home-title')).toHaveText(t('site.home.title'));
      await expect(visitor.getByTestId('home-feature-batch')).toContainText(t('site.home.feature.batch.title'));
      await expectNoSidewaysScroll(visitor);
      // Neither the sign-in page's chunk nor the back office's (apps/web/vite.config.ts).
      expect(scripts.filter((path) => /\/assets\/(sign-in|layout)-/.test(path))).toEqual([]);
      // docs/spec.md §9: a tenth of the 390 px viewport.
      expect(await visitor.evaluate(() => document.documentElement.style.fontSize)).toBe('39px');
    });

    await test.step('the help centre finds the API article; back home, the visitor opens the contact form', async () => {
      await visitor.getByTestId('public-nav-help').click();
      await expect(visitor).toHaveURL(/\/helpCenter$/);
      await visitor.getByTestId('help-search').getByRole('searchbox').fill('API');
      await visitor.getByTestId('help-search').getByRole('searchbox').press('Enter');
      await visitor.getByTestId('help-article-use-the-api').click();
      // The first articles' titles, as migration 0034 writes them.
      await expect(visitor.getByTestId('word-view-title')).toHaveText(locale === 'en-US' ? 'Use the API' : '使用 API');
      await expectNoSidewaysScroll(visitor);
      // The guide's other sections (migration 0042), their bold drawn as such.
      await visitor.goto('/wordView?slug=roles');
      await expect(visitor.getByTestId('word-view-title')).toHaveText(
        locale === 'en-US' ? 'Roles and what they see' : '角色与权限',
      );
      await expect(visitor.getByTestId('word-view-text').locator('strong').first()).toHaveText('customer');
      await visitor.getByTestId('word-view-back').click();
      await expect(visitor).toHaveURL(/\/helpCenter$/);
      await visitor.goto('/home');
      await visitor.getByTestId('home-contact').click();
      await expect(visitor).toHaveURL(/\/contactUs$/);
    });

    await test.step('the contact form refuses a wrong phone in the browser, then sends the question', async () => {
      await visitor.getByTestId('contact-firstName').fill('Lin');
      await visitor.getByTestId('contact-lastName').fill('Wei');
      await visitor.getByTestId('contact-email').fill(email);
      await visitor.getByTestId('contact-phone').fill('call me');
      await pickOption(visitor, 'contact-volume', t('site.contact.volumes.500to2000'));
      await visitor.getByTestId('contact-question').fill(question);
      await visitor.getByTestId('contact-submit').click();
      await expect(visitor.locator('.ant-form-item-explain-error')).toHaveCount(1);
      await expectNoSidewaysScroll(visitor);
      await visitor.getByTestId('contact-phone').fill('+1 415 555 0100');
      await visitor.getByTestId('contact-submit').click();
      await expect(visitor.getByTestId('contact-sent')).toContainText(t('site.contact.sentTitle'));
    });

    await test.step('the policy pages and a store authorisation result read well on the phone', async () => {
      await visitor.getByTestId('public-footer-privacy').click();
      await expect(visitor.getByTestId('privacyPolicy-page')).toContainText(t('site.privacy.title'));
      await expect(visitor.getByTestId('policy-text').getByRole('heading').first()).toBeVisible();
      await expectNoSidewaysScroll(visitor);
      await visitor.getByTestId('public-footer-terms').click();
      await expect(visitor.getByTestId('termsOfUse-page')).toContainText(t('site.terms.title'));
      await expectNoSidewaysScroll(visitor);
      await visitor.goto('/authSuccess');
      await expect(visitor.getByTestId('authSuccess-page')).toContainText(t('site.auth.authSuccess.title'));
      await visitor.getByTestId('auth-result-continue').click();
      await expect(visitor).toHaveURL(/\/login/);
      await visitor.context().close();
    });

    await test.step('the support desk answers; the visitor is mailed the answer in their language', async () => {
      const desk = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
      await openFromMenu(desk, 'adminSettings', 'contactRequests');
      await desk.getByTestId('contact-requests-keyword').locator('input').fill(email);
      await desk.getByTestId('contact-requests-keyword').locator('input').press('Enter');
      const row = desk.locator('[data-testid^="contact-request-"]', { hasText: email });
      await expect(row).toHaveCount(1);
      await row.getByTestId('contact-reply').click();
      await desk.getByTestId('contact-reply-text').fill('Yes: pallets go through our LTL partner.');
      await desk.getByTestId('contact-reply-send').click();
      await expectMessage(desk, null, text(locale, 'contactRequests.replied'));
      await expect(row).toHaveCount(0);
      const mail = latestMail(email);
      expect(mail.subject).toBe(locale === 'en-US' ? 'About your question' : '关于您的咨询');
      expect(mail.body).toContain('Yes: pallets go through our LTL partner.');
      expect(mail.body).toContain(question);
      await desk.context().close();
    });
  });
}
