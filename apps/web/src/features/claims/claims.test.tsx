/**
 * Issue 28 claims in the browser: an insured order's detail files a claim with the type's window shown and
 * the payout previewed; staff see a claim's evidence, take it into review and pay it.
 */
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as claimsContracts from '@parcelport/shared/contracts/claims/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../api/claims';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';

inEnglishWithToken('customer-token');

const claim = (overrides: Partial<Claim> = {}): Claim => ({
  id: 5,
  orderId: 41,
  orderNo: 'PP-INSURED',
  trackingNo: '9400100000000000000000',
  user: { id: 7, username: 'buyer@example.com' },
  type: 'lost',
  status: 'submitted',
  insuredValue: '400.00',
  amount: '300.00',
  approvedAmount: null,
  payout: null,
  postageRefund: null,
  description: 'No scan for 20 days',
  reason: '',
  files: [{ id: 9, name: 'invoice.png', mime: 'image/png', url: '/api/app/attachment/9' }],
  workOrderId: 3,
  ticketNo: 'WO26112800003',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  paidAt: null,
  ...overrides,
});

const options = {
  orderId: 41,
  insuredValue: '400.00',
  types: [
    {
      type: 'lost',
      open: true,
      opensAt: '2026-11-10T00:00:00.000Z',
      closesAt: '2027-02-01T00:00:00.000Z',
      blockedBy: null,
      postageRefunded: true,
    },
    { type: 'damaged', open: false, opensAt: null, closesAt: null, blockedBy: 'wrongState', postageRefunded: false },
    {
      type: 'deliveredNotReceived',
      open: false,
      opensAt: null,
      closesAt: null,
      blockedBy: 'wrongState',
      postageRefunded: false,
    },
  ],
};

describe('claims', () => {
  it('an insured order files a lost-parcel claim with its window shown and the payout previewed', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.myServices)]: envelope(200, []),
      [on(ordersContracts.getOrder.app, { id: 41 })]: envelope(
        200,
        detailOf({ id: 41, orderNo: 'PP-INSURED', status: 2, insurance: '400.00' }),
      ),
      [on(claimsContracts.listMyClaims)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
      [on(claimsContracts.getClaimOptions, { id: 41 })]: envelope(200, options),
      [on(claimsContracts.fileClaim)]: envelope(200, claim()),
    });
    renderApp('/shipments/detail/41');
    fireEvent.click(await screen.findByTestId('order-claim-new'));
    expect((await screen.findByTestId('claim-window-lost')).textContent).toContain('from 15 days after the last scan');
    expect(screen.getByTestId('claim-window-damaged').textContent).toContain('not for this order');
    fireEvent.click(screen.getByTestId('claim-type-lost'));
    typeInto('claim-amount', '300');
    expect((await screen.findByTestId('claim-payout-preview')).textContent).toContain('$270.00');
    typeInto('claim-description', 'No scan for 20 days');
    fireEvent.click(screen.getByTestId('claim-form-save'));
    await waitFor(() => expect(callsOf(calls, claimsContracts.fileClaim)).toHaveLength(1));
    expect(callsOf(calls, claimsContracts.fileClaim)[0]?.body).toEqual({
      orderId: 41,
      type: 'lost',
      amount: '300',
      description: 'No scan for 20 days',
      attachmentIds: [],
    });
  });

  it('staff see the evidence, start the review and pay an approved claim', async () => {
    const codes = ['menuSystem', 'adminClaimList'];
    const staffUser = sampleUser({
      kind: 'employee',
      role: codes,
      roleCodes: ['finance'],
      resources: codes.map((code) => ({ code })),
    });
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, staffUser),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(claimsContracts.getClaim, { id: 5 })]: envelope(200, claim()),
      [on(claimsContracts.reviewClaim, { id: 5 })]: envelope(200, claim({ status: 'inReview' })),
      [on(claimsContracts.decideClaim, { id: 5 })]: envelope(
        200,
        claim({ status: 'approved', approvedAmount: '300.00', payout: '270.00' }),
      ),
      [on(claimsContracts.payClaim, { id: 5 })]: envelope(
        200,
        claim({ status: 'paid', approvedAmount: '300.00', payout: '270.00', postageRefund: '8.40' }),
      ),
    });
    renderApp('/adminSettings/claims/5');
    expect(await screen.findByTestId('claim-evidence-9-link')).toBeTruthy();
    expect(screen.getByTestId('claim-amount-value').textContent).toBe('$300.00');
    fireEvent.click(screen.getByTestId('claim-review'));
    await waitFor(() => expect(callsOf(calls, claimsContracts.reviewClaim, { id: 5 })).toHaveLength(1));
    expect(await screen.findByTestId('claim-decide-form')).toBeTruthy();
    expect(screen.getByTestId('claim-decide-payout').textContent).toContain('$270.00');
    fireEvent.click(screen.getByTestId('claim-decide-save'));
    await waitFor(() =>
      expect(callsOf(calls, claimsContracts.decideClaim, { id: 5 })[0]?.body).toEqual({ decision: 'approve' }),
    );
    expect((await screen.findByTestId('claim-payout-value')).textContent).toBe('$270.00');
    fireEvent.click(screen.getByTestId('claim-pay'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, claimsContracts.payClaim, { id: 5 })).toHaveLength(1));
    expect(await screen.findByTestId('claim-closed')).toBeTruthy();
  });
});
