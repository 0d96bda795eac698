import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { cleanup, screen } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { catalogueOf } from '../../locales/catalogue';
import { useSessionStore } from '../../stores/session';
import { envelope, on, sampleUser, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

/** An order a rule held for review and gave a service choice (issue 30). */
const held = detailOf({
  id: 41,
  orderNo: 'PP-HELD',
  heldForReview: true,
  ruleTrail: [{ ruleId: 7, ruleName: 'NY hold', fields: ['rateChoice', 'hold'] }],
});
const untouched = detailOf({ id: 42, orderNo: 'PP-PLAIN' });

describe.each([
  ['en-US', enUS],
  ['zh-CN', zhCN],
] as const)('order detail: what rules did (%s)', (locale, messages) => {
  const m = messages as Record<string, string>;
  beforeEach(async () => {
    cleanup();
    await changeLocale(locale);
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.myServices)]: envelope(200, []),
      [on(ordersContracts.getOrder.app, { id: 41 })]: envelope(200, held),
      [on(ordersContracts.getOrder.app, { id: 42 })]: envelope(200, untouched),
    });
  });

  it('names the rule and the fields it set, and says the order is held for review', async () => {
    renderApp('/shipments/detail/41');
    const trail = await screen.findByTestId('order-rule-trail');
    const fields = [m['rules.field.rateChoice'], m['rules.field.hold']].join(', ');
    expect(trail.textContent).toContain(m['rules.setBy']?.replace('{{name}}', 'NY hold').replace('{{fields}}', fields));
    expect(trail.textContent).toContain(m['orderDetail.held']);
  });

  it('shows no rule line for an order no rule touched', async () => {
    renderApp('/shipments/detail/42');
    await screen.findByText('PP-PLAIN');
    expect(screen.queryByTestId('order-rule-trail')).toBeNull();
  });
});
