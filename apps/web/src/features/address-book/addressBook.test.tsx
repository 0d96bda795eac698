import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressEntry } from '../../api/addressBook';
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
import { entry, home } from '../../test/settingsFixtures';

inEnglishWithToken('customer-token');

const page = (list: AddressEntry[], total = list.length) => envelope(200, { list, total, page: 1, pageSize: 50 });

function stubBook(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(addressBookContracts.listAddresses)]: page([entry(), home]),
    [on(addressesContracts.getCity)]: (call: StubbedCall) =>
      call.url.includes('zip=60601')
        ? envelope(200, { city: 'Chicago', stateCode: 'IL', countryCode: 'US' })
        : envelope(404, null, 'No city is known for this ZIP code'),
    [on(addressesContracts.getAddressCorrection)]: envelope(200, { mode: 'off' }),
    ...extra,
  });
}

const row = (id: number) => screen.getByTestId(`address-book-row-${id}`);

describe('/settings/addressbook', () => {
  it('lists the entries with their address, check and default sender; the menu leads there', async () => {
    const { calls } = stubBook();
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-1');
    expect(screen.getByTestId('menu-item-addressbook').textContent).toBe('Address book');
    expect(callsOf(calls, addressBookContracts.listAddresses)[0]?.url).toBe(
      '/api/app/user/address/list?page=1&pageSize=50',
    );

    const warehouse = row(1);
    expect(warehouse.textContent).toContain('Main warehouse');
    expect(warehouse.textContent).toContain('Ada Shipper');
    expect(warehouse.textContent).toContain('Shop Co');
    expect(warehouse.textContent).toContain('+1 310 555 0100');
    expect(within(warehouse).getByTestId('address-full').textContent).toBe(
      '9450 Wilshire Blvd, Suite 200, Beverly Hills, CA 90210, US',
    );
    expect(within(warehouse).getByTestId('address-status').textContent).toBe('Valid');
    expect(within(warehouse).getByTestId('address-default-tag').textContent).toBe('Default sender');
    // The default sender cannot be made default again.
    expect(within(warehouse).queryByTestId('address-book-make-default')).toBeNull();

    const grace = row(2);
    expect(within(grace).getByTestId('address-status').textContent).toBe('Corrections suggested');
    expect(within(grace).queryByTestId('address-default-tag')).toBeNull();
    fireEvent.mouseEnter(within(grace).getByTestId('address-status'));
    expect(await screen.findByText('ZIP+4 suggested: 10118-0110')).toBeTruthy();
    expect(screen.getByText('2 in total')).toBeTruthy();
  });

  it('searches by keyword on the server and says when nothing matches', async () => {
    const { calls } = stubBook({
      [on(addressBookContracts.listAddresses)]: (call: StubbedCall) =>
        call.url.includes('keyword=') ? page([]) : page([entry(), home]),
    });
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-1');
    const keyword = within(screen.getByTestId('address-book-keyword')).getByRole('searchbox');
    fireEvent.change(keyword, { target: { value: ' nowhere ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Nothing matches “nowhere”')).toBeTruthy();
    expect(callsOf(calls, addressBookContracts.listAddresses).at(-1)?.url).toBe(
      '/api/app/user/address/list?page=1&pageSize=50&keyword=nowhere',
    );
    expect(screen.queryByTestId('address-book-row-1')).toBeNull();
  });

  it("names a malformed US ZIP or state on the field, with the server's message, and sends nothing", async () => {
    const { calls } = stubBook();
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-1');
    fireEvent.click(screen.getByTestId('address-book-new'));
    await screen.findByTestId('address-entry-form');
    typeInto('book-title', 'Typo');
    typeInto('book-personName', 'Lin Ops');
    typeInto('book-phone', '312 555 0142');
    typeInto('book-addressLine1', '233 S Wacker Dr');
    typeInto('book-zipCode', '6060');
    typeInto('book-stateCode', 'ZZ');
    expect(await screen.findByText('ZIP must be 5 digits or ZIP+4')).toBeTruthy();
    expect(await screen.findByText('State must be a 2-letter US state code')).toBeTruthy();
    fireEvent.click(screen.getByTestId('address-entry-save'));
    await waitFor(() => expect(screen.getAllByText('ZIP must be 5 digits or ZIP+4')).toHaveLength(1));
    expect(callsOf(calls, addressBookContracts.createAddress)).toHaveLength(0);

    typeInto('book-stateCode', 'IL');
    await waitFor(() => expect(screen.queryByText('State must be a 2-letter US state code')).toBeNull());
  });

  it('checks the required fields before saving a new entry, then creates it', async () => {
    const { calls } = stubBook({
      [on(addressBookContracts.createAddress)]: envelope(200, entry({ id: 3, title: 'Chicago' })),
    });
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-1');
    fireEvent.click(screen.getByTestId('address-book-new'));
    await screen.findByTestId('address-entry-form');
    fireEvent.click(screen.getByTestId('address-entry-save'));
    // docs/spec.md §5: title, personal name, phone, address line 1 and ZIP code are required.
    for (const text of [
      'Please enter the title',
      'Please enter the name',
      'Please enter the phone',
      'Please enter the address',
      'Please enter the ZIP code',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    // City and state may stay empty: the server fills them from a known ZIP.
    expect(screen.queryByText('Please enter the city')).toBeNull();
    expect(callsOf(calls, addressBookContracts.createAddress)).toHaveLength(0);

    typeInto('book-title', ' Chicago office ');
    typeInto('book-personName', 'Lin Ops');
    typeInto('book-phone', '312 555 0142');
    // The ZIP's note line is there before the note: leaving the ZIP (often by a click on Save) moves nothing.
    const zipItem = inputOf('book-zipCode').closest('.ant-form-item') as HTMLElement;
    expect(zipItem.querySelectorAll('.ant-form-item-extra')).toHaveLength(1);
    typeInto('book-zipCode', '60601');
    await waitFor(() => expect(inputOf('book-city').value).toBe('Chicago'));
    expect(zipItem.querySelectorAll('.ant-form-item-extra')).toHaveLength(1);
    expect(inputOf('book-stateCode').value).toBe('IL');
    expect(screen.getByTestId('book-zip-filled').textContent).toContain('City and state filled from the ZIP code');
    typeInto('book-addressLine1', '233 S Wacker Dr');
    fireEvent.click(screen.getByTestId('book-default-sender'));
    fireEvent.click(screen.getByTestId('address-entry-save'));

    expect((await screen.findByTestId('address-entry-saved')).textContent).toBe('Address added to the address book');
    expect(callsOf(calls, addressBookContracts.createAddress)[0]?.body).toEqual({
      title: 'Chicago office',
      personName: 'Lin Ops',
      company: '',
      phone: '312 555 0142',
      email: '',
      countryCode: 'US',
      stateCode: 'IL',
      city: 'Chicago',
      addressLine1: '233 S Wacker Dr',
      addressLine2: '',
      zipCode: '60601',
      isResidential: false,
      isDefaultSender: true,
    });
    // The list is read again.
    await waitFor(() => expect(callsOf(calls, addressBookContracts.listAddresses).length).toBeGreaterThan(1));

    // The next new entry starts empty, without the last one's ZIP note.
    fireEvent.click(screen.getByTestId('address-book-new'));
    await waitFor(() => expect(inputOf('book-title').value).toBe(''));
    expect(inputOf('book-zipCode').value).toBe('');
    expect(screen.queryByTestId('book-zip-filled')).toBeNull();
  });

  it('opens on a new entry meant as the default sender when the checklist leads there', async () => {
    stubBook();
    renderApp('/settings/addressbook?new=sender');
    await screen.findByTestId('address-entry-form');
    expect(screen.getByTestId('book-default-sender').getAttribute('aria-checked')).toBe('true');
    expect(inputOf('book-title').value).toBe('');
  });

  it('fills city and state as soon as five digits of a ZIP are typed, before the field is left', async () => {
    const { calls } = stubBook();
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-1');
    fireEvent.click(screen.getByTestId('address-book-new'));
    await screen.findByTestId('address-entry-form');
    fireEvent.change(inputOf('book-zipCode'), { target: { value: '6060' } });
    fireEvent.change(inputOf('book-zipCode'), { target: { value: '60601' } });
    await waitFor(() => expect(inputOf('book-city').value).toBe('Chicago'));
    expect(inputOf('book-stateCode').value).toBe('IL');
    expect(callsOf(calls, addressesContracts.getCity)).toHaveLength(1);
  });

  it('edits an entry with PUT and shows the server’s field errors on the fields', async () => {
    const { calls } = stubBook({
      [on(addressBookContracts.updateAddress, { id: 2 })]: [
        envelope(400, { fields: { title: 'This title is already in your address book' } }, 'Invalid input'),
        envelope(200, home),
      ],
    });
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-2');
    fireEvent.click(within(row(2)).getByTestId('address-book-edit'));
    await waitFor(() => expect(inputOf('book-title').value).toBe('Grace at home'));
    expect(inputOf('book-personName').value).toBe('Grace Buyer');
    expect(inputOf('book-addressLine1').value).toBe('350 5th Ave');
    expect(screen.getByText('Edit address: Grace at home')).toBeTruthy();

    typeInto('book-title', 'Main warehouse');
    fireEvent.click(screen.getByTestId('address-entry-save'));
    expect(await screen.findByText('This title is already in your address book')).toBeTruthy();
    expect(screen.queryByTestId('address-entry-saved')).toBeNull();

    typeInto('book-title', 'Grace (home)');
    fireEvent.click(screen.getByTestId('address-entry-save'));
    expect((await screen.findByTestId('address-entry-saved')).textContent).toBe('Address saved');
    const puts = callsOf(calls, addressBookContracts.updateAddress, { id: 2 });
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({
      title: 'Grace (home)',
      personName: 'Grace Buyer',
      zipCode: '10118',
      isResidential: true,
      isDefaultSender: false,
    });
  });

  it('makes an entry the default sender', async () => {
    const { calls } = stubBook({
      [on(addressBookContracts.updateAddress, { id: 2 })]: envelope(200, { ...home, isDefaultSender: true }),
    });
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-2');
    fireEvent.click(within(row(2)).getByTestId('address-book-make-default'));
    expect((await screen.findByTestId('address-default-set')).textContent).toBe(
      '“Grace at home” is now your default sender',
    );
    expect(callsOf(calls, addressBookContracts.updateAddress, { id: 2 })[0]?.body).toMatchObject({
      title: 'Grace at home',
      addressLine1: '350 5th Ave',
      isDefaultSender: true,
    });
  });

  it('deletes one entry or the selected ones, each after a confirmation', async () => {
    const { calls } = stubBook({
      [on(addressBookContracts.deleteAddresses)]: [envelope(200, { deleted: 1 }), envelope(200, { deleted: 2 })],
    });
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-book-row-2');

    fireEvent.click(within(row(2)).getByTestId('address-book-delete'));
    expect(await screen.findByText('Delete the address “Grace at home”?')).toBeTruthy();
    expect(callsOf(calls, addressBookContracts.deleteAddresses)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('popconfirm-ok'));
    expect((await screen.findByTestId('address-book-deleted')).textContent).toBe('1 address deleted');
    expect(callsOf(calls, addressBookContracts.deleteAddresses)[0]?.body).toEqual({ ids: [2] });

    const deleteSelected = screen.getByTestId('address-book-delete-selected') as HTMLButtonElement;
    expect(deleteSelected.disabled).toBe(true);
    for (const id of [1, 2]) fireEvent.click(within(row(id)).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('address-book-selected').textContent).toBe('2 selected'));
    fireEvent.click(deleteSelected);
    expect(await screen.findByText('Delete the 2 selected addresses?')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('popconfirm-ok').at(-1) as HTMLElement);
    await waitFor(() => expect(callsOf(calls, addressBookContracts.deleteAddresses)).toHaveLength(2));
    expect(callsOf(calls, addressBookContracts.deleteAddresses)[1]?.body).toEqual({ ids: [1, 2] });
    await waitFor(() => expect(screen.getByTestId('address-book-selected').textContent).toBe('0 selected'));
  });
});

/** A radio's input, whether antd put the test id on the input or on its label. */
const radio = (testId: string) => {
  const element = screen.getByTestId(testId);
  return (element.tagName === 'INPUT' ? element : element.querySelector('input')) as HTMLInputElement;
};

describe('/settings/addressbook: address correction before the label', () => {
  it('shows the merchant’s mode and saves the one chosen', async () => {
    const { calls } = stubBook({
      [on(addressesContracts.setAddressCorrection)]: envelope(200, { mode: 'confirm' }),
    });
    renderApp('/settings/addressbook');
    await screen.findByTestId('address-correction-off');
    await waitFor(() => expect(radio('address-correction-off').checked).toBe(true));
    expect(screen.getByTestId('address-correction').textContent).toContain('Confirm: show the corrected address');
    fireEvent.click(radio('address-correction-confirm'));
    await waitFor(() => expect(callsOf(calls, addressesContracts.setAddressCorrection)).toHaveLength(1));
    expect(callsOf(calls, addressesContracts.setAddressCorrection)[0]?.body).toEqual({ mode: 'confirm' });
    await waitFor(() => expect(radio('address-correction-confirm').checked).toBe(true));
  });
});
