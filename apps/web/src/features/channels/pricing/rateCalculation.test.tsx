import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as pricingContracts from '@parcelport/shared/contracts/pricing/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../../test/helpers';
import { renderApp } from '../../../test/render';
import { expectTableFits } from '../../../test/tableWidth';

const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  role: ['menuSystem', 'getComputeInfo'],
  roleCodes: ['administrator'],
});

inEnglishWithToken('admin-token');

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent;

describe('price rules', () => {
  it("refuses a markup the server would refuse, with the server's messages, and sends nothing", async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, admin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(pricingContracts.listPriceRules)]: envelope(200, []),
      [on(channelsContracts.listChannels)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 9999999 }),
      [on(pricingContracts.savePriceRule)]: envelope(200, { id: 5 }),
    });
    renderApp('/adminSettings/rateCalculation');
    fireEvent.click(await screen.findByTestId('rule-new'));
    const form = await screen.findByTestId('rule-form');
    fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Spring sale' } });
    fireEvent.change(within(form).getByTestId('rule-percent'), { target: { value: '2000' } });
    fireEvent.change(within(form).getByTestId('rule-fixed'), { target: { value: '0.505' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('rule-save'));
    });
    await waitFor(() => expect(fieldError('rule-percent')).toBe(FIELD_MESSAGES.percentInvalid['en-US']));
    expect(fieldError('rule-fixed')).toBe(FIELD_MESSAGES.amountInvalid['en-US']);
    expect(callsOf(calls, pricingContracts.savePriceRule)).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('rule-percent'), { target: { value: '12.5' } });
    fireEvent.change(within(form).getByTestId('rule-fixed'), { target: { value: '0.50' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(callsOf(calls, pricingContracts.savePriceRule)).toHaveLength(1));
    expect(callsOf(calls, pricingContracts.savePriceRule)[0]?.body).toMatchObject({
      name: 'Spring sale',
      percent: '12.5',
      fixed: '0.50',
    });
  });

  it("shows each rule's scope, markup, state and users within a 1440 px screen", async () => {
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, admin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(pricingContracts.listPriceRules)]: envelope(200, [
        {
          id: 3,
          name: 'Spring sale',
          channelId: null,
          serviceId: null,
          percent: '12.50',
          fixed: '0.50',
          isDefault: false,
          status: 1,
          updatedAt: '2026-11-20T08:15:00.000Z',
          users: [{ id: 7, username: 'ada@shop.test' }],
        },
      ]),
      [on(channelsContracts.listChannels)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 9999999 }),
    });
    renderApp('/adminSettings/rateCalculation');
    const row = await screen.findByTestId('rule-row-Spring sale');
    expect(row.textContent).toContain('12.50%');
    expect(within(row).getByTestId('rule-user-ada@shop.test').textContent).toBe('ada@shop.test');
    // Issue 14: the list's own columns fit 1440 px with the menu open; when the rule changed is in the settings.
    expectTableFits();
    expect(row.textContent).not.toContain('2026-11-20');
  });
});
