import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { input, openSelect, signatureOption, stubCustomer, typeInto } from './newOrderFixtures';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:label' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

describe('new order: addresses, insurance and signature', () => {
  it('fills city and state from the ZIP when it is left, and warns about an unknown ZIP', async () => {
    const { calls } = stubCustomer();
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    expect(screen.getByTestId('address-from').textContent).toContain('United States (US)');

    typeInto('from-zipCode', '90210');
    await waitFor(() => expect(input('from-city').value).toBe('Beverly Hills'));
    expect(input('from-stateCode').value).toBe('CA');
    expect(screen.getByTestId('from-zip-filled').textContent).toContain('City and state filled from the ZIP code');
    expect(callsOf(calls, addressesContracts.getCity)[0]?.url).toBe('/api/app/user/address/getCity?zip=90210');

    typeInto('to-zipCode', '00000');
    expect((await screen.findByTestId('to-zip-unknown')).textContent).toBe(
      'No city is known for this ZIP code; please check it',
    );
    expect(input('to-city').value).toBe('');
  });

  it('forces a signature when more than 1,000 is declared, and offers no signature again below it', async () => {
    stubCustomer();
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    const signature = () => screen.getByTestId('order-signature').closest('.ant-select') as HTMLElement;
    expect(signature().textContent).toContain('No signature');

    typeInto('parcel-0-insuredValue', '1000');
    expect(screen.queryByTestId('signature-forced')).toBeNull();
    fireEvent.click(screen.getByTestId('parcel-add'));
    await screen.findByTestId('parcel-1');
    typeInto('parcel-1-insuredValue', '0.01');

    await waitFor(() => expect(signature().textContent).toContain('Signature'));
    expect(signature().textContent).not.toContain('No signature');
    expect(screen.getByTestId('signature-forced').textContent).toBe('Declared above $1,000: a signature is required');
    expect(screen.getByTestId('insurance-total').textContent).toBe('Insurance in total: $10.00');
    await openSelect('order-signature');
    expect(signatureOption('none').className).toContain('ant-select-item-option-disabled');
    expect(signatureOption('signature').className).not.toContain('ant-select-item-option-disabled');

    typeInto('parcel-1-insuredValue', '0');
    await waitFor(() => expect(screen.queryByTestId('signature-forced')).toBeNull());
    expect(signatureOption('none').className).not.toContain('ant-select-item-option-disabled');
  });

  it("saves a draft with docs/spec.md §3's create payload and keeps the order number in the address", async () => {
    const { calls } = stubCustomer({
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 42, orderNo: 'PP2601010000042' }),
    });
    const { router } = renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');

    // Compare rates asks for the whole order; nothing is sent while a required field is empty.
    fireEvent.click(screen.getByTestId('order-compare'));
    expect(await screen.findByText('Please correct the fields marked in red')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.saveDraft)).toHaveLength(0);

    for (const [party, name, zip] of [
      ['from', 'Ada Shipper', '90210'],
      ['to', 'Grace Buyer', '10118'],
    ] as const) {
      typeInto(`${party}-personName`, name);
      typeInto(`${party}-zipCode`, zip);
      typeInto(`${party}-addressLine1`, `1 ${party} St`);
    }
    await waitFor(() => expect(input('to-city').value).toBe('New York'));
    fireEvent.click(screen.getByTestId('to-residential'));
    typeInto('parcel-0-length', '10');
    typeInto('parcel-0-width', '8');
    typeInto('parcel-0-height', '4');
    typeInto('parcel-0-insuredValue', '150');
    typeInto('order-reference1', 'PO-7');

    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect((await screen.findByTestId('draft-saved')).textContent).toBe('Draft saved: PP2601010000042');
    const body = callsOf(calls, ordersContracts.saveDraft)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      orderId: null,
      from: { personName: 'Ada Shipper', countryCode: 'US', city: 'Beverly Hills', stateCode: 'CA', zipCode: '90210' },
      to: { personName: 'Grace Buyer', city: 'New York', stateCode: 'NY', isResidential: true },
      residential: true,
      parcels: [
        {
          length: 10,
          width: 8,
          height: 4,
          weight: 1,
          massUnit: 'lb',
          distanceUnit: 'in',
          packageCode: 'your_package',
          packageNum: 1,
          packageAmount: 1,
          insuredValue: '150.00',
        },
      ],
      batteryType: 'none',
      reference1: 'PO-7',
      labelSize: '4x6',
      extra: { signatureOption: 'none', nonDeliveryOption: 'return', contentsType: 'merchandise' },
      isTest: false,
    });
    // docs/spec.md §3: shipDate is left out when empty.
    expect(body).not.toHaveProperty('shipDate');
    await waitFor(() => expect(pathOf(router)).toBe('/shipments/newOrder?orderId=42'));
    expect(screen.getByTestId('order-no-tag').textContent).toBe('PP2601010000042');

    // Saving again rewrites the same draft.
    fireEvent.click(screen.getByTestId('order-save-draft'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.saveDraft)).toHaveLength(2));
    expect((callsOf(calls, ordersContracts.saveDraft)[1]?.body as { orderId: number } | undefined)?.orderId).toBe(42);
  });
});

describe('a half-filled draft', () => {
  it('saves with what it has; a field given wrong is refused with the message the server would give', async () => {
    const { calls } = stubCustomer({
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 43, orderNo: 'PP2601010000043' }),
    });
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    typeInto('to-personName', 'Grace Buyer');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect((await screen.findByTestId('draft-saved')).textContent).toBe('Draft saved: PP2601010000043');
    const first = callsOf(calls, ordersContracts.saveDraft)[0]?.body as {
      to: { personName: string; zipCode: string };
      parcels: { length?: number }[];
    };
    expect(first.to).toMatchObject({ personName: 'Grace Buyer', zipCode: '' });
    // An empty size is left out, not sent as a zero or a NaN.
    expect(first.parcels[0]).not.toHaveProperty('length');
    // The empty required fields are not marked as errors of the saved draft.
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);

    typeInto('to-zipCode', '1011');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect(await screen.findByText('ZIP must be 5 digits or ZIP+4')).toBeTruthy();
    expect(await screen.findByText('Please correct the fields marked in red')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.saveDraft)).toHaveLength(1);
  });
});

describe('the label defaults of sysConfig', () => {
  it('start a new order and each parcel added with the configured size, units and package type', async () => {
    const configured = { size: '4x8', units: 'kg/cm', packageCode: 'envelope' } as const;
    const { calls } = stubCustomer({
      [on(configContracts.platformValues)]: envelope(200, {
        exchangeRate: '7.10',
        zoneQueryFee: '0.10',
        wrongSizePenalty: '5.00',
        payees: {},
        label: configured,
      }),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 44, orderNo: 'PP2601010000044' }),
    });
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    const checkedSize = () => screen.getByTestId('order-label-size').querySelector('input:checked') as HTMLInputElement;
    expect(checkedSize().value).toBe('4x8');
    const selected = (testId: string) => screen.getByTestId(testId).closest('.ant-select')?.textContent;
    expect(selected('parcel-0-units')).toBe('kg/cm');
    expect(selected('parcel-0-packageCode')).toBe('Envelope');
    expect(screen.getByTestId('parcel-0-weight').closest('.ant-input-number')?.textContent).toContain('kg');

    fireEvent.click(screen.getByTestId('parcel-add'));
    await screen.findByTestId('parcel-1');
    expect(selected('parcel-1-units')).toBe('kg/cm');
    expect(selected('parcel-1-packageCode')).toBe('Envelope');

    typeInto('to-personName', 'Grace Buyer');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    await screen.findByTestId('draft-saved');
    const body = callsOf(calls, ordersContracts.saveDraft)[0]?.body as Record<string, unknown>;
    const startingParcel = { massUnit: 'kg', distanceUnit: 'cm', packageCode: 'envelope', weight: 1 };
    expect(body).toMatchObject({ labelSize: '4x8', parcels: [startingParcel, startingParcel] });
  });
});
