import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as reportContracts from '@parcelport/shared/contracts/reports/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope, inEnglishWithToken, on, sampleUser, setWindowWidth, stubFetch } from '../test/helpers';
import { renderApp } from '../test/render';

/**
 * Issue 26: on a phone a card's wide `extra` squeezed its title to zero width (new order's Sender and Recipient,
 * the workplace chart). jsdom lays nothing out, so these tests hold what the fix relies on: the app's own
 * stylesheet applied, a phone's card header lets the title keep its text (it does not shrink, it wraps) and
 * puts the extra on the next line when both do not fit.
 */

inEnglishWithToken('a-token');

beforeAll(() => {
  const sheet = document.createElement('style');
  // The app's stylesheet as the browser gets it (vitest hands a test's CSS imports over empty).
  sheet.textContent = readFileSync(path.resolve(import.meta.dirname, '../styles.css'), 'utf8');
  document.head.append(sheet);
});
afterEach(() => setWindowWidth(1024));

function stub() {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(addressesContracts.getCity)]: envelope(404, null, 'No city is known for this ZIP code'),
    [on(billsContracts.listMyBillLines)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50, owed: '0.00' }),
    [on(reportContracts.ownWorkplace)]: envelope(200, {
      days: [{ day: '2026-11-27', labels: 1, sales: '7.50' }],
      drafts: 0,
      awaitingPickup: 0,
      inTransit: 0,
      openWorkOrders: 0,
    }),
  });
}

/** The header of the card whose title says `title`: the title's box, its row, and the extra beside it. */
function headerOf(title: string) {
  const titleBox = screen.getByText(title, { selector: '.ant-card-head-title' });
  const row = titleBox.parentElement as HTMLElement;
  return { titleBox, row, extra: row.querySelector('.ant-card-extra') as HTMLElement };
}

/** What a phone's card header needs so that its title cannot collapse to zero width. */
function expectTitleKept(title: string) {
  const { titleBox, row, extra } = headerOf(title);
  expect(titleBox.textContent).toBe(title);
  expect(extra).toBeTruthy();
  expect(getComputedStyle(row).flexWrap).toBe('wrap');
  expect(getComputedStyle(titleBox).flexShrink).toBe('0');
  expect(getComputedStyle(titleBox).whiteSpace).toBe('normal');
  expect(getComputedStyle(titleBox).maxWidth).toBe('100%');
  expect(getComputedStyle(extra).maxWidth).toBe('100%');
}

describe('card titles on a phone (390 px)', () => {
  it("keeps the new order's Sender and Recipient titles, the address book's tools wrapping below them", async () => {
    setWindowWidth(390);
    stub();
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    expectTitleKept('Sender');
    expectTitleKept('Recipient');
  });

  it("keeps the workplace chart's title, its pickers wrapping below it", async () => {
    setWindowWidth(390);
    stub();
    renderApp('/dashboard/workplace');
    await screen.findByTestId('workplace-daily');
    expectTitleKept('Daily spend and orders');
  });

  it('leaves a desktop card header as antd draws it: title and extra on one line', async () => {
    stub();
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    const { row } = headerOf('Sender');
    expect(getComputedStyle(row).flexWrap).not.toBe('wrap');
  });
});
