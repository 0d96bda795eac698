import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as reportContracts from '@parcelport/shared/contracts/reports/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../test/helpers';
import { expectOutline } from '../../test/outline';
import { renderApp } from '../../test/render';

/** The workplace (docs/spec.md §2: daily consumption and order charts), stubbed by contract. */

const todayUtc = new Date().toISOString().slice(0, 10);
const dayBefore = (days: number) => new Date(Date.parse(todayUtc) - days * 86_400_000).toISOString().slice(0, 10);
const figures = (labels: number[]) => ({
  days: labels.map((count, index) => ({
    day: dayBefore(labels.length - 1 - index),
    labels: count,
    sales: `${count * 7}.50`,
  })),
  drafts: 3,
  awaitingPickup: 2,
  inTransit: 5,
  openWorkOrders: 1,
});

inEnglishWithToken('a-token');

/** The merchant's bill lines page: only what is owed in all matters to the workplace. */
const billLines = (owed: string) => envelope(200, { list: [], total: 0, page: 1, pageSize: 50, owed });

/** First-run steps, every one done unless named in `open`. */
const steps = (names: readonly string[], open: readonly string[] = []) =>
  envelope(
    200,
    names.map((step) => ({ step, done: !open.includes(step), path: `/somewhere/${step}` })),
  );
const MERCHANT_STEPS = ['senderAddress', 'topUp', 'firstLabel'];
const OPERATOR_STEPS = ['payees', 'smtp', 'realChannel', 'registration'];

const stub = (
  user: ReturnType<typeof sampleUser>,
  owed = '0.00',
  open: { merchant?: string[]; operator?: string[] } = {},
) =>
  stubFetch({
    [on(configContracts.merchantChecklist)]: steps(MERCHANT_STEPS, open.merchant),
    [on(configContracts.operatorChecklist)]: steps(OPERATOR_STEPS, open.operator),
    [on(usersContracts.getUserInfo)]: envelope(200, user),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(billsContracts.listMyBillLines)]: billLines(owed),
    [on(reportContracts.ownWorkplace)]: envelope(200, figures([1, 0, 4])),
    [on(reportContracts.staffWorkplace)]: envelope(200, { ...figures([20, 30, 40]), drafts: 120 }),
  });

describe('workplace', () => {
  it("shows a merchant's own last 30 days and what waits, each count opening its list", async () => {
    const { calls } = stub(sampleUser());
    renderApp('/dashboard/workplace');
    const drafts = await screen.findByTestId('workplace-drafts');
    await waitFor(() => expect(drafts.textContent).toBe('3'));
    expect(within(drafts).getByRole('link').getAttribute('href')).toBe('/shipments/draft');
    expect(screen.getByTestId('workplace-inTransit').textContent).toBe('5');
    expect(screen.getByTestId('workplace-account').textContent).toMatch(/^Customer account: .+ · Company: .+$/);
    // Named as the order lists name the states.
    expect(screen.getByText('Pending transport', { selector: '.ant-statistic-title' })).toBeTruthy();
    expect(screen.getByText('In transit', { selector: '.ant-statistic-title' })).toBeTruthy();
    expect(screen.getByTestId('workplace-openWorkOrders').textContent).toBe('1');
    expect(screen.queryByTestId('workplace-reach')).toBeNull();
    const [asked] = callsOf(calls, reportContracts.ownWorkplace);
    const query = new URL(asked?.url ?? '', 'http://x').searchParams;
    expect([query.get('from'), query.get('to')]).toEqual([dayBefore(29), todayUtc]);
    expect(callsOf(calls, reportContracts.staffWorkplace)).toHaveLength(0);

    // The chart's figures, as a table.
    expect(await screen.findByTestId('workplace-daily-chart')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('workplace-daily-view')).getByTitle('Table'));
    const table = await screen.findByTestId('workplace-daily-table');
    const row = within(table).getByText(todayUtc).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('4');
    expect(row.textContent).toContain('$28.50');
  });

  it("shows staff the platform's figures, and their own account at a click", async () => {
    const { calls } = stub(
      sampleUser({ kind: 'staff', role: ['menuSystem', 'adminList'], roleCodes: ['administrator'] }),
    );
    renderApp('/dashboard/workplace');
    const drafts = await screen.findByTestId('workplace-drafts');
    await waitFor(() => expect(drafts.textContent).toBe('120'));
    // An employee's account is not a customer's, and has no company.
    expect(screen.getByTestId('workplace-account').textContent).toMatch(/^Account: \S+$/);
    // Staff counts span many accounts: figures, not links into one merchant's lists.
    expect(within(drafts).queryByRole('link')).toBeNull();
    // The sales series is named with its currency (it showed `Sales ({{currency}})`).
    await waitFor(() => expect(screen.getByTestId('workplace-daily-chart').textContent).toContain('Sales (USD)'));
    const reach = screen.getByTestId('workplace-reach');
    expect(reach.textContent).toContain('Platform');
    fireEvent.click(within(reach).getByText('My account'));
    await waitFor(() => expect(screen.getByTestId('workplace-drafts').textContent).toBe('3'));
    expect(callsOf(calls, reportContracts.ownWorkplace)).toHaveLength(1);
  });

  it('shows what carrier bills left owed, how it is collected, and where the lines are', async () => {
    const { calls } = stub(sampleUser({ role: ['appBalanceList', 'appSysMessageList'] }), '1234.56');
    renderApp('/dashboard/workplace');
    const owed = await screen.findByTestId('workplace-owed');
    expect(screen.getByTestId('workplace-owed-amount').textContent).toBe('$1,234.56');
    expect(owed.textContent).toContain('It is taken from your next approved USD top-up.');
    expect(within(owed).getByTestId('workplace-owed-details').getAttribute('href')).toBe('/postage/fundDetails');
    // The first page the fund page's table shows, so that the two share one answer.
    const query = new URL(callsOf(calls, billsContracts.listMyBillLines)[0]?.url ?? '', 'http://x').searchParams;
    expect([query.get('page'), query.get('pageSize')]).toEqual(['1', '50']);
  });

  it("shows a new merchant's first steps, each done one crossed out and the others leading to their screen", async () => {
    const { calls } = stub(sampleUser(), '0.00', { merchant: ['topUp', 'firstLabel'] });
    const { router } = renderApp('/dashboard/workplace');
    const card = await screen.findByTestId('checklist-merchant');
    expect(card.textContent).toContain('Your first label');
    expect(within(card).getByTestId('checklist-step-senderAddress').dataset.done).toBe('true');
    expect(within(card).queryByTestId('checklist-go-senderAddress')).toBeNull();
    expect(within(card).getByTestId('checklist-step-topUp').textContent).toContain(
      'Labels are paid from your prepaid balance.',
    );
    expect(card.textContent).toContain('1/3');
    // The card heads its steps: h2 under the screen's h1, each step an h3 (axe: heading-order).
    expectOutline('Workplace');
    expect(
      within(card)
        .getAllByRole('heading')
        .map((heading) => heading.tagName),
    ).toEqual(['H2', 'H3', 'H3', 'H3']);
    // The progress ring is named for assistive technology (axe: aria-progressbar-name).
    expect(within(card).getByRole('progressbar', { name: '1 of 3 steps done' })).toBeTruthy();
    fireEvent.click(within(card).getByTestId('checklist-go-topUp'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere/topUp'));
    expect(callsOf(calls, configContracts.operatorChecklist)).toHaveLength(0);
  });

  it('shows the operator what a fresh install still lacks, and nothing once it is all done', async () => {
    stub(
      sampleUser({ kind: 'staff', role: ['menuSystem', 'adminList', 'configList'], roleCodes: ['administrator'] }),
      '0.00',
      {
        operator: ['realChannel'],
      },
    );
    renderApp('/dashboard/workplace');
    const card = await screen.findByTestId('checklist-operator');
    expect(within(card).getByTestId('checklist-step-realChannel').textContent).toContain('Only demo channels exist');
    expect(card.textContent).toContain('3/4');
  });

  it('shows no steps once every one is done', async () => {
    const { calls } = stub(sampleUser());
    renderApp('/dashboard/workplace');
    await waitFor(() => expect(callsOf(calls, configContracts.merchantChecklist)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('workplace-drafts').textContent).toBe('3'));
    expect(screen.queryByTestId('checklist-merchant')).toBeNull();
  });

  it('shows nothing of bills while nothing is owed', async () => {
    const { calls } = stub(sampleUser());
    renderApp('/dashboard/workplace');
    await waitFor(() => expect(screen.getByTestId('workplace-drafts').textContent).toBe('3'));
    await waitFor(() => expect(callsOf(calls, billsContracts.listMyBillLines)).toHaveLength(1));
    expect(screen.queryByTestId('workplace-owed')).toBeNull();
  });

  it('shows a team member without money the labels of each day but no spend, no wallets and no bills', async () => {
    const member = sampleUser({
      member: { id: 90, username: 'mia@team.test', name: 'Mia Member', permissions: ['buy'] },
      balance: '',
      wallets: [],
    });
    const { calls } = stub(member, '1234.56');
    renderApp('/dashboard/workplace');
    await waitFor(() => expect(screen.getByTestId('workplace-drafts').textContent).toBe('3'));
    fireEvent.click(within(await screen.findByTestId('workplace-daily-view')).getByTitle('Table'));
    const table = await screen.findByTestId('workplace-daily-table');
    const row = within(table).getByText(todayUtc).closest('tr') as HTMLElement;
    expect(row.textContent).toBe(`${todayUtc}4`);
    expect(within(table).queryByText('Spend')).toBeNull();
    expect(screen.queryByTestId('wallet-USD')).toBeNull();
    // The bills' lines are not asked for (the server refuses them to the member).
    expect(callsOf(calls, billsContracts.listMyBillLines)).toHaveLength(0);
    expect(screen.queryByTestId('workplace-owed')).toBeNull();
  });
});

describe('workplace outline (issue 26, accessibility)', () => {
  it("is headed by the screen's name in the main landmark, the greeting one level below, no level skipped", async () => {
    stub(sampleUser());
    renderApp('/dashboard/workplace');
    expect(await screen.findByTestId('workplace-greeting')).toBeTruthy();
    expect(screen.getByTestId('workplace-greeting').tagName).toBe('H2');
    expectOutline('Workplace');
  });
});
