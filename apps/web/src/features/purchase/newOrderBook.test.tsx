import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressEntry, PackageTemplate } from '../../api/addressBook';
import {
  callsOf,
  envelope,
  inEnglishWithToken,
  inputOf,
  on,
  type StubbedCall,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { renderApp } from '../../test/render';
import { entry, home, template } from '../../test/settingsFixtures';
import { detailOf, sampleQuotes } from '../../test/shipmentFixtures';

inEnglishWithToken('customer-token');

const customer = sampleUser({ role: ['rechargePage', 'appSysMessageList', 'templateAdd'] });
const pageOf = <T,>(list: T[]) => envelope(200, { list, total: list.length, page: 1, pageSize: 50 });

/** The address book answers `entries` (a keyword narrows them by title), the templates `templates`. */
function stubOrder(
  { entries = [entry(), home], templates = [] as PackageTemplate[] } = {},
  extra: Parameters<typeof stubFetch>[0] = {},
) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, customer),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(addressBookContracts.listAddresses)]: (call: StubbedCall) => {
      const keyword = new URL(call.url, 'http://x').searchParams.get('keyword')?.toLowerCase();
      return pageOf(entries.filter((item: AddressEntry) => !keyword || item.title.toLowerCase().includes(keyword)));
    },
    [on(addressBookContracts.listPackageTemplates)]: pageOf(templates),
    ...extra,
  });
}

const selectBox = (testId: string) => screen.getByTestId(testId).closest('.ant-select') as HTMLElement;

/** Opens a picker and clicks the option with that test id. */
async function pick(selectTestId: string, optionTestId: string) {
  fireEvent.mouseDown(within(selectBox(selectTestId)).getByRole('combobox'));
  const option = await screen.findByTestId(optionTestId);
  fireEvent.click(option.closest('.ant-select-item-option') as HTMLElement);
}

describe('new order: the address book', () => {
  it('starts a new order from the default sender and fills the recipient picked from the book', async () => {
    const { calls } = stubOrder(
      {},
      { [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 42, orderNo: 'PP2601010000042' }) },
    );
    renderApp('/shipments/newOrder');
    await waitFor(() => expect(inputOf('from-personName').value).toBe('Ada Shipper'));
    expect(inputOf('from-company').value).toBe('Shop Co');
    expect(inputOf('from-addressLine1').value).toBe('9450 Wilshire Blvd');
    expect(inputOf('from-zipCode').value).toBe('90210');
    // The picker names the entry the sender now holds.
    expect(selectBox('from-book-pick').textContent).toContain('Main warehouse');
    expect(inputOf('to-personName').value).toBe('');

    // The parcel's units choice, outside the form's fields, is named for assistive technology (axe: label).
    expect(screen.getAllByRole('combobox', { name: 'Units' }).length).toBeGreaterThan(0);
    // Typing narrows the book on the server.
    const combobox = within(selectBox('to-book-pick')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    expect(await screen.findByTestId('to-book-option-1')).toBeTruthy();
    fireEvent.change(combobox, { target: { value: 'grace' } });
    await waitFor(() => expect(screen.queryByTestId('to-book-option-1')).toBeNull());
    expect(callsOf(calls, addressBookContracts.listAddresses).at(-1)?.url).toBe(
      '/api/app/user/address/list?page=1&pageSize=50&keyword=grace',
    );
    fireEvent.click((await screen.findByTestId('to-book-option-2')).closest('.ant-select-item-option') as HTMLElement);
    await waitFor(() => expect(inputOf('to-personName').value).toBe('Grace Buyer'));
    expect(inputOf('to-addressLine1').value).toBe('350 5th Ave');
    expect(inputOf('to-city').value).toBe('New York');
    expect(inputOf('to-stateCode').value).toBe('NY');
    expect(inputOf('to-phone').value).toBe('212 555 0199');
    expect((screen.getByTestId('to-residential') as HTMLButtonElement).getAttribute('aria-checked')).toBe('true');
    expect(selectBox('to-book-pick').textContent).toContain('Grace at home');

    // Editing a picked address: it is no longer the book's entry.
    typeInto('to-addressLine2', 'Floor 3');
    await waitFor(() => expect(selectBox('to-book-pick').textContent).toContain('Choose from address book'));

    typeInto('parcel-0-length', '10');
    typeInto('parcel-0-width', '8');
    typeInto('parcel-0-height', '4');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect((await screen.findByTestId('draft-saved')).textContent).toBe('Draft saved: PP2601010000042');
    expect(callsOf(calls, ordersContracts.saveDraft)[0]?.body).toMatchObject({
      from: { personName: 'Ada Shipper', company: 'Shop Co', city: 'Beverly Hills', stateCode: 'CA', zipCode: '90210' },
      to: { personName: 'Grace Buyer', addressLine2: 'Floor 3', zipCode: '10118', isResidential: true },
      residential: true,
    });
  });

  it('keeps the sender of an order being edited', async () => {
    const { calls } = stubOrder(
      { entries: [entry({ personName: 'Someone Else', title: 'Other' })] },
      {
        [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, detailOf({ id: 11, orderNo: 'PP2601010000011' })),
      },
    );
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(inputOf('from-personName').value).toBe('Ada Shipper'));
    // The book has been read (its entries are offered, its default sender known), and the order's sender stays.
    fireEvent.mouseDown(within(selectBox('from-book-pick')).getByRole('combobox'));
    expect(await screen.findAllByTestId(/^from-book-option-/)).not.toHaveLength(0);
    expect(callsOf(calls, addressBookContracts.listAddresses).length).toBeGreaterThan(0);
    expect(inputOf('from-personName').value).toBe('Ada Shipper');
  });

  it('saves a party to the address book under a title, asking first for what the book requires', async () => {
    const saved = entry({ id: 9, title: 'Grace', isDefaultSender: false });
    const { calls } = stubOrder(
      { entries: [] },
      {
        [on(addressBookContracts.createAddress)]: [
          envelope(400, { fields: { title: 'This title is already in your address book' } }, 'Invalid input'),
          envelope(200, saved),
        ],
      },
    );
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    typeInto('to-personName', 'Grace Buyer');
    typeInto('to-addressLine1', '350 5th Ave');

    fireEvent.click(screen.getByTestId('to-book-save'));
    expect((await screen.findByTestId('to-book-incomplete')).textContent).toBe(
      'The address book needs the name, phone, address line 1 and ZIP code',
    );
    expect(await screen.findByText('Please enter the phone')).toBeTruthy();
    expect(screen.getByText('Please enter the ZIP code')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    typeInto('to-phone', '212 555 0199');
    typeInto('to-zipCode', '10118');
    fireEvent.click(screen.getByTestId('to-book-save'));
    await waitFor(() => expect(inputOf('to-book-title').value).toBe('Grace Buyer'));
    // A recipient is never offered as the default sender.
    expect(within(screen.getByRole('dialog')).queryByTestId('from-book-default')).toBeNull();
    fireEvent.click(screen.getByTestId('to-book-save-ok'));
    expect(await screen.findByText('This title is already in your address book')).toBeTruthy();

    typeInto('to-book-title', 'Grace');
    const reads = callsOf(calls, addressBookContracts.listAddresses).length;
    fireEvent.click(screen.getByTestId('to-book-save-ok'));
    expect((await screen.findByTestId('to-book-saved')).textContent).toBe('Saved to the address book as “Grace”');
    const posts = callsOf(calls, addressBookContracts.createAddress);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      title: 'Grace',
      personName: 'Grace Buyer',
      company: '',
      phone: '212 555 0199',
      email: '',
      countryCode: 'US',
      stateCode: '',
      city: '',
      addressLine1: '350 5th Ave',
      addressLine2: '',
      zipCode: '10118',
      isResidential: false,
      isDefaultSender: false,
    });
    // The picker reads the book again.
    await waitFor(() => expect(callsOf(calls, addressBookContracts.listAddresses).length).toBeGreaterThan(reads));
  });

  it('saves the sender as the new default sender when asked', async () => {
    const { calls } = stubOrder(
      { entries: [] },
      { [on(addressBookContracts.createAddress)]: envelope(200, entry({ id: 5, title: 'Shop Co' })) },
    );
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    typeInto('from-personName', 'Ada Shipper');
    typeInto('from-company', 'Shop Co');
    typeInto('from-phone', '310 555 0100');
    typeInto('from-addressLine1', '9450 Wilshire Blvd');
    typeInto('from-zipCode', '90210');
    fireEvent.click(screen.getByTestId('from-book-save'));
    await waitFor(() => expect(inputOf('from-book-title').value).toBe('Shop Co'));
    fireEvent.click(screen.getByTestId('from-book-default'));
    fireEvent.click(screen.getByTestId('from-book-save-ok'));
    await screen.findByTestId('from-book-saved');
    expect(callsOf(calls, addressBookContracts.createAddress)[0]?.body).toMatchObject({
      title: 'Shop Co',
      personName: 'Ada Shipper',
      isDefaultSender: true,
    });
  });
});

describe('new order: package templates', () => {
  it('applies a template to a parcel: size, weight, its units and the quantity as the item count', async () => {
    const wine = template({
      id: 2,
      name: 'Wine case',
      quantity: 6,
      length: 40,
      width: 30,
      height: 35,
      weight: 9,
      unit: 'kg/cm',
    });
    const { calls } = stubOrder(
      { entries: [], templates: [template(), wine] },
      { [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 43, orderNo: 'PP2601010000043' }) },
    );
    renderApp('/shipments/newOrder');
    await screen.findByTestId('parcel-0-template');
    fireEvent.click(screen.getByTestId('parcel-add'));
    await screen.findByTestId('parcel-1-template');
    // Issue 26 (axe): the pickers have a name a screen reader says, not only a placeholder.
    expect(screen.getAllByRole('combobox', { name: 'Apply package template' })).toHaveLength(2);
    expect(screen.getAllByRole('combobox', { name: 'Choose from address book' })).toHaveLength(2);

    await pick('parcel-1-template', 'parcel-1-template-option-2');
    await waitFor(() => expect(inputOf('parcel-1-length').value).toBe('40.00'));
    expect(inputOf('parcel-1-width').value).toBe('30.00');
    expect(inputOf('parcel-1-height').value).toBe('35.00');
    expect(inputOf('parcel-1-weight').value).toBe('9.00');
    expect(inputOf('parcel-1-packageAmount').value).toBe('6');
    expect(screen.getByTestId('parcel-1').textContent).toContain('kg');
    expect(selectBox('parcel-1-units').textContent).toBe('kg/cm');
    expect(selectBox('parcel-1-template').textContent).toContain('Wine case');
    // The other parcel is untouched.
    expect(inputOf('parcel-0-length').value).toBe('');
    expect(selectBox('parcel-0-units').textContent).toBe('lb/in');

    await pick('parcel-0-template', 'parcel-0-template-option-1');
    await waitFor(() => expect(inputOf('parcel-0-length').value).toBe('12.00'));
    expect(inputOf('parcel-0-weight').value).toBe('2.50');

    for (const [party, name, zip, city, state] of [
      ['from', 'Ada Shipper', '90210', 'Beverly Hills', 'CA'],
      ['to', 'Grace Buyer', '10118', 'New York', 'NY'],
    ] as const) {
      typeInto(`${party}-personName`, name);
      typeInto(`${party}-zipCode`, zip);
      typeInto(`${party}-city`, city);
      typeInto(`${party}-stateCode`, state);
      typeInto(`${party}-addressLine1`, `1 ${party} St`);
    }
    fireEvent.click(screen.getByTestId('order-save-draft'));
    await screen.findByTestId('draft-saved');
    expect(callsOf(calls, ordersContracts.saveDraft)[0]?.body).toMatchObject({
      parcels: [
        { length: 12, width: 10, height: 8, weight: 2.5, massUnit: 'lb', distanceUnit: 'in', packageAmount: 1 },
        { length: 40, width: 30, height: 35, weight: 9, massUnit: 'kg', distanceUnit: 'cm', packageAmount: 6 },
      ],
    });
  });

  it('marks compared rates stale when a pick changes the order', async () => {
    stubOrder(
      { entries: [entry(), home], templates: [template()] },
      {
        [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, detailOf({ id: 11, orderNo: 'PP2601010000011' })),
        [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
        [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
      },
    );
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(inputOf('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    await screen.findByTestId('rates-card');
    expect(screen.queryByTestId('rates-stale')).toBeNull();
    await pick('parcel-0-template', 'parcel-0-template-option-1');
    expect(await screen.findByTestId('rates-stale')).toBeTruthy();
    expect((screen.getByTestId('rate-1-buy') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no templates without the templateAdd code', async () => {
    const { calls } = stubOrder({ entries: [] }, { [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()) });
    renderApp('/shipments/newOrder');
    await screen.findByTestId('parcel-0');
    expect(screen.queryByTestId('parcel-0-template')).toBeNull();
    expect(callsOf(calls, addressBookContracts.listPackageTemplates)).toHaveLength(0);
  });
});
