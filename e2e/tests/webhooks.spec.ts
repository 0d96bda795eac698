import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as bodyText } from 'node:stream/consumers';
import { expect, test } from '@playwright/test';
import { verifyStandardWebhook } from '../../apps/server/test/standard-webhooks-verifier.ts';
import { signedInPage } from '../support/flows.ts';
import { createCustomer, text } from '../support/ui.ts';

/**
 * Issue 28, webhooks: a merchant adds an endpoint in the browser (in each language), takes its secret the
 * one time it is shown, and sends a test event; a receiver written from the Standard Webhooks spec verifies
 * it. The first attempt is answered 500 and retried by the queue; once delivered, it is replayed from the
 * log with the same webhook-id. The receiver listens on 127.0.0.2, the host the suite's server allows
 * (WEBHOOK_ALLOWED_HOSTS in playwright.config.ts).
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`an endpoint receives signed events that a spec receiver verifies, retried and replayed (${locale})`, async ({
    browser,
    request,
  }) => {
    const t = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
    const received: Received[] = [];
    let status = 500;
    const server = createServer(async (req, res) => {
      received.push({ headers: req.headers, body: await bodyText(req) });
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}/parcelport`;
    try {
      const merchant = await createCustomer(request, { prefix: `hooks-${locale}` });
      const page = await signedInPage(browser, merchant.email, merchant.password, locale);
      await page.goto('/settings/api');
      await expect(page.getByTestId('webhooks-page')).toBeVisible();

      await page.getByTestId('webhook-new').click();
      await page.getByTestId('webhook-url-input').fill(url);
      await page.getByTestId('webhook-description-input').fill('ERP');
      await page.getByTestId('webhook-event-tracking.updated').check();
      await page.getByTestId('webhook-form-save').click();
      const secretBox = page.getByTestId('webhook-secret-value');
      await expect(secretBox).toHaveValue(/^whsec_/);
      const secret = await secretBox.inputValue();
      await page.getByTestId('webhook-secret-done').click();
      await expect(page.getByText(secret)).toHaveCount(0);
      const row = page.locator('[data-testid^="webhook-row-"]').filter({ hasText: url });
      await expect(row.getByTestId('webhook-state')).toHaveText(t('webhooks.on'));

      // A test event: the receiver answers 500 at first, so the log shows the failure and a retry to come.
      await row.getByTestId('webhook-open-log').click();
      const log = page.getByTestId('webhook-log');
      await log.getByTestId('webhook-send-test').click();
      await expect.poll(() => received.length).toBe(1);
      const first = received[0] as Received;
      expect(verifyStandardWebhook(secret, first.headers, first.body, Math.floor(Date.now() / 1000))).toBeNull();
      expect(JSON.parse(first.body)).toMatchObject({ type: 'label.created', data: { test: true } });

      const delivery = log.locator('[data-testid^="webhook-delivery-row-"]').first();
      await expect(async () => {
        await log.getByTestId('webhook-log-refresh').click();
        await expect(delivery).toContainText('500', { timeout: 1000 });
      }).toPass();
      await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText(t('webhooks.deliveryStatus.pending'));

      // The receiver recovers; the queue's retry (30 s and a little after the failure) delivers it.
      status = 204;
      await expect(async () => {
        await log.getByTestId('webhook-log-refresh').click();
        await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText(
          t('webhooks.deliveryStatus.succeeded'),
          { timeout: 1000 },
        );
      }).toPass();
      expect(received).toHaveLength(2);
      expect(received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);

      // Replayed from the log: the same id and body again, verified again.
      await delivery.getByTestId('webhook-replay').click();
      await expect.poll(() => received.length).toBe(3);
      const replayed = received[2] as Received;
      expect(replayed.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(replayed.body).toBe(first.body);
      expect(verifyStandardWebhook(secret, replayed.headers, replayed.body, Math.floor(Date.now() / 1000))).toBeNull();
      await delivery.getByRole('button', { name: /expand|展开/i }).click();
      await expect(log.getByTestId('webhook-delivery-body')).toHaveText(first.body);
      await expect(log.getByTestId('webhook-attempt-code')).toHaveText(['500', '204', '204']);
      await page.context().close();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
}
