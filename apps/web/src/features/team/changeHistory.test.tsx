import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as teamContracts from '@parcelport/shared/contracts/team/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { envelope, inEnglishWithToken, on, sampleUser, setWindowWidth, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('customer-token');
afterAll(async () => {
  await changeLocale('zh-CN');
});

const CODES = ['appSysMessageList'];
const owner = sampleUser({ role: CODES, resources: CODES.map((code) => ({ code })), member: null });

/** A parcel as the server records one in a draft's edit (orders/service.ts draftAsSaved). */
const parcel = {
  length: 10,
  width: 8,
  height: 4,
  massUnit: 'lb',
  distanceUnit: 'in',
  packageCode: 'your_package',
  packageNum: 1,
  packageAmount: 1,
  reference: '',
  reference2: '',
};

/** A member's edit of a draft as the server records it: what differs, under the order's number. */
const draftEdit = {
  id: 95,
  actorId: 30,
  actor: 'mia@team.test',
  role: 'member',
  method: 'POST',
  path: '/api/app/order/draft',
  statusCode: 200,
  before: {
    orderNo: 'PP2611210001',
    'to.city': 'New York',
    'to.isResidential': false,
    parcels: [{ ...parcel, weight: 1, insuredValue: '0.00' }],
    batteryType: 'none',
    'extra.signatureOption': 'none',
  },
  after: {
    orderNo: 'PP2611210001',
    'to.city': 'Brooklyn',
    'to.isResidential': true,
    parcels: [
      { ...parcel, weight: 2, insuredValue: '150.00', reference: 'PO-7' },
      { ...parcel, weight: 3, insuredValue: '0.00' },
    ],
    batteryType: 'lithiumIonPackedWithDevice',
    'extra.signatureOption': 'adultSignature',
  },
  time: '2026-11-21T10:00:00.000Z',
};

/** Each part of a side as the screen shows it, line by line. */
const partsOf = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('[data-testid="change-part"]'), (part) =>
    (part.textContent ?? '').split('\n'),
  );

/** The first brand an account sets: nothing of its own before, the whole brand after (branding/service.ts). */
const firstBrand = {
  ...draftEdit,
  id: 96,
  role: 'owner',
  method: 'PUT',
  path: '/api/app/brand',
  before: { own: null },
  after: {
    own: {
      name: 'Ada Parcels',
      logoAttachmentId: 12,
      color: '#165dff',
      supportEmail: '',
      supportPhone: '',
      supportUrl: 'https://ada.example',
    },
  },
};

/** A notice template as the server records one (branding/service.ts): every event's, whole, on both sides. */
const template = (event: string, enabled = false, texts = {}) => ({
  event,
  enabled,
  subjectZh: '',
  bodyZh: '',
  subjectEn: '',
  bodyEn: '',
  ...texts,
});

/** The delivered notice switched on with an English text of its own; the other events left as they were. */
const noticesChange = {
  ...draftEdit,
  id: 97,
  role: 'owner',
  method: 'PUT',
  path: '/api/app/recipientNotices',
  before: {
    templates: ['shipped', 'outForDelivery', 'delivered', 'exception'].map((event) =>
      template(event, event === 'shipped'),
    ),
  },
  after: {
    templates: ['shipped', 'outForDelivery', 'delivered', 'exception'].map((event) =>
      event === 'delivered'
        ? template(event, true, { subjectEn: 'Your parcel is here', bodyEn: 'Thank you for shopping with Ada.' })
        : template(event, event === 'shipped'),
    ),
  },
};

async function showHistory(list: unknown[] = [draftEdit]) {
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, owner),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(teamContracts.listChangeHistory)]: envelope(200, { list, total: list.length, page: 1, pageSize: 20 }),
  });
  renderApp('/settings/changeHistory');
  await screen.findAllByTestId('change-after');
}

describe("the change history's before and after", () => {
  it('names each field as the order form does and shows values as a merchant reads them (en-US)', async () => {
    await showHistory();
    expect(partsOf('change-before')).toEqual([
      ['Order no.: PP2611210001'],
      ['Recipient · City: New York'],
      ['Recipient · Residential: No'],
      // one parcel on the field's line, several each on a line of its own
      ['Parcels: Parcel 1: 10 × 8 × 4 in · 1 lb'],
      ['Batteries: No batteries'],
      ['Signature: No signature'],
    ]);
    expect(partsOf('change-after')).toEqual([
      ['Order no.: PP2611210001'],
      ['Recipient · City: Brooklyn'],
      ['Recipient · Residential: Yes'],
      [
        'Parcels: ',
        'Parcel 1: 10 × 8 × 4 in · 2 lb · Declared value (insurance) $150.00 · PO-7',
        'Parcel 2: 10 × 8 × 4 in · 3 lb',
      ],
      ['Batteries: Lithium-ion, packed with device'],
      ['Signature: Adult signature'],
    ]);
  });

  it("shows a brand set for the first time field by field under the form's labels", async () => {
    await showHistory([firstBrand]);
    expect(partsOf('change-before')).toEqual([['Brand on the tracking page: —']]);
    expect(partsOf('change-after')).toEqual([
      [
        'Brand on the tracking page: ',
        'Brand name: Ada Parcels',
        'Logo: Logo set',
        'Colour: #165dff',
        'Support e-mail: —',
        'Support phone: —',
        'Support web page: https://ada.example',
      ],
    ]);
  });

  it('shows of the notices only the event the change touched, on or off, its texts each under its language', async () => {
    await showHistory([noticesChange]);
    expect(partsOf('change-before')).toEqual([['Notices to the recipient: Delivered: Off']]);
    expect(partsOf('change-after')).toEqual([
      [
        'Notices to the recipient: ',
        'Delivered: On',
        'English · Subject: Your parcel is here',
        'English · Text: Thank you for shopping with Ada.',
      ],
    ]);
  });

  it('speaks Chinese to a Chinese reader, with no field named as the API names it', async () => {
    await changeLocale('zh-CN');
    await showHistory();
    const shown = [...partsOf('change-before'), ...partsOf('change-after')].flat().join('\n');
    for (const apiName of ['to.city', 'isResidential', 'parcels', 'batteryType', 'signatureOption', 'insuredValue'])
      expect(shown).not.toContain(apiName);
    expect(partsOf('change-after')[1]).toEqual(['收件人 · 城市：Brooklyn']);
    expect(partsOf('change-after')[2]).toEqual(['收件人 · 住宅地址：是']);
    expect(partsOf('change-after')[3]?.[1]).toBe('包裹 1：10 × 8 × 4 in · 2 lb · 申报价值（保险） $150.00 · PO-7');
  });

  it('names the notices, their events and their state in Chinese', async () => {
    await changeLocale('zh-CN');
    await showHistory([noticesChange]);
    expect(partsOf('change-after')[0]?.slice(0, 2)).toEqual(['收件人通知：', '已签收：开启']);
  });
});

describe('the change history on a phone (390 px)', () => {
  afterEach(() => setWindowWidth(1024));

  it('shows each change as a card, who, what, before and after each under its heading, with no table to scroll', async () => {
    await changeLocale('en-US');
    setWindowWidth(390);
    const bought = { ...draftEdit, id: 98, path: '/api/app/order/label/create', before: null, after: null };
    await showHistory([draftEdit, noticesChange, bought]);
    expect(screen.queryByTestId('change-history-table')).toBeNull();
    const cards = screen.getAllByTestId('change-card');
    expect(cards).toHaveLength(3);
    // a change that kept no before or after shows no empty headings
    expect(within(cards[2] as HTMLElement).queryByText('Before')).toBeNull();
    const first = within(cards[0] as HTMLElement);
    expect(first.getByTestId('change-who').textContent).toBe('mia@team.test Member');
    expect(first.getByText('Before')).toBeTruthy();
    expect(first.getByText('After')).toBeTruthy();
    const parcels = first.getByTestId('change-after').querySelectorAll('[data-testid="change-part"]')[3];
    expect(parcels?.textContent?.split('\n')).toEqual([
      'Parcels: ',
      'Parcel 1: 10 × 8 × 4 in · 2 lb · Declared value (insurance) $150.00 · PO-7',
      'Parcel 2: 10 × 8 × 4 in · 3 lb',
    ]);
  });
});
