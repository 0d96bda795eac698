import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  fundWallet,
  type Json,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';
import { easypostChannel } from './upstream-fixtures.ts';

/** First-run checklists (docs/api.md): each step done once its work exists, wherever it was done. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({ smtpUrl: '' });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const doneSteps = async (token: string, url: string) => {
  const answer = await call(t.app, token, { method: 'GET', url });
  expect(answer.statusCode).toBe(200);
  return Object.fromEntries(answer.json().data.map((step: Json) => [step.step, step.done]));
};

describe('first-run checklists', () => {
  test("the operator's steps are open on a fresh install and done as payees, mail, a real channel and the registration mode are set", async () => {
    const operator = () => doneSteps(admin, '/api/admin/config/checklist');
    expect(await operator()).toEqual({ payees: false, smtp: false, realChannel: false, registration: false });

    const saved = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/config/update',
      payload: {
        payees: { achWire: 'Acme Logistics LLC, Bank of Examples, ACH 123456789' },
        smtp: { host: 'smtp.example.com' },
        registration: { mode: 'invitation' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await operator()).toEqual({ payees: true, smtp: true, realChannel: false, registration: true });

    await easypostChannel(t, admin, { apiKey: 'EZAKlive0123456789' });
    expect((await operator()).realChannel).toBe(true);

    const answer = await call(t.app, admin, { method: 'GET', url: '/api/admin/config/checklist' });
    expect(answer.json().data.find((step: Json) => step.step === 'realChannel').path).toBe(
      '/adminSettings/permission/carrierService',
    );

    // Mail goes through the outbox again and anyone may register, for the merchants of the next test.
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/config/update',
      payload: { smtp: { host: '' }, registration: { mode: 'open' } },
    });
    // A mode chosen once stays chosen, even back to open.
    expect(await operator()).toMatchObject({ smtp: false, registration: true });
  });

  test("a merchant's steps are its own, done with a default sender, a top-up and a first label", async () => {
    const merchant = await createActiveCustomer(t, admin);
    const other = await createActiveCustomer(t, admin);
    const mine = () => doneSteps(merchant.token, '/api/app/checklist');
    expect(await mine()).toEqual({ senderAddress: false, topUp: false, firstLabel: false });
    // Each step leads to where it is done: the sender step to a new address-book entry, not the bare list.
    const steps = (await call(t.app, merchant.token, { method: 'GET', url: '/api/app/checklist' })).json().data;
    expect(steps.map((step: { step: string; path: string }) => [step.step, step.path])).toEqual([
      ['senderAddress', '/settings/addressbook?new=sender'],
      ['topUp', '/postage/recharge'],
      ['firstLabel', '/shipments/newOrder'],
    ]);

    const address = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/user/address',
      payload: {
        title: 'Warehouse',
        personName: 'Ann Lee',
        phone: '212-555-0100',
        countryCode: 'US',
        stateCode: 'NY',
        city: 'NEW YORK',
        addressLine1: '350 5TH AVE',
        zipCode: '10118',
        isDefaultSender: true,
      },
    });
    expect(address.statusCode).toBe(200);
    expect(await mine()).toEqual({ senderAddress: true, topUp: false, firstLabel: false });

    await fundWallet(t.app, admin, merchant.id, '30.00');
    await buyLabel(t.app, merchant.token);
    expect(await mine()).toEqual({ senderAddress: true, topUp: true, firstLabel: true });

    // Another merchant's steps stay its own.
    expect(await doneSteps(other.token, '/api/app/checklist')).toEqual({
      senderAddress: false,
      topUp: false,
      firstLabel: false,
    });
    // The operator's list is staff's alone.
    const refused = await call(t.app, merchant.token, { method: 'GET', url: '/api/admin/config/checklist' });
    expect(refused.statusCode).toBe(403);
  });
});
