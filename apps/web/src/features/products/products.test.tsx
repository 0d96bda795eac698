import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as productsContracts from '@parcelport/shared/contracts/products/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../api/desk';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('customer-token');

const product = (overrides: Partial<Product>): Product => ({
  id: 1,
  sku: 'MUG-1',
  name: 'Mug',
  weight: 1.5,
  length: 8,
  width: 6,
  height: 6,
  massUnit: 'lb',
  distanceUnit: 'in',
  templateId: null,
  customs: { description: '', hsCode: '', originCountry: '', value: '0.00' },
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

describe('/settings/products', () => {
  it('lists products with weight and size (a SKU seen on an import shows none yet), and adds one', async () => {
    const seen = product({ id: 2, sku: 'TEE-9', name: 'T-shirt', weight: 0, length: 0, width: 0, height: 0 });
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(addressBookContracts.listPackageTemplates)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 100 }),
      [on(productsContracts.listProducts)]: envelope(200, {
        list: [product({}), seen],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
      [on(productsContracts.createProduct)]: envelope(200, product({ id: 3, sku: 'CAP-2' })),
    });
    renderApp('/settings/products');
    const mug = await screen.findByTestId('product-list-row-1');
    expect(screen.getByTestId('menu-item-products').textContent).toBe('Products');
    expect(mug.textContent).toContain('1.5 lb');
    expect(within(mug).getByTestId('product-size').textContent).toBe('8 × 6 × 6 in');
    expect(within(screen.getByTestId('product-list-row-2')).getByTestId('product-size').textContent).toBe('—');

    fireEvent.click(screen.getByTestId('product-list-new'));
    await screen.findByTestId('product-form');
    fireEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Please enter the SKU')).toBeTruthy();
    typeInto('product-sku', ' CAP-2 ');
    typeInto('product-name', 'Cap');
    typeInto('product-weight', '0.3');
    typeInto('product-length', '10');
    typeInto('product-width', '8');
    typeInto('product-height', '4');
    fireEvent.click(screen.getByTestId('product-save'));
    expect((await screen.findByTestId('product-saved')).textContent).toBe('Product saved');
    expect(callsOf(calls, productsContracts.createProduct)[0]?.body).toEqual({
      sku: 'CAP-2',
      name: 'Cap',
      weight: 0.3,
      length: 10,
      width: 8,
      height: 4,
      massUnit: 'lb',
      distanceUnit: 'in',
      templateId: null,
      customs: { description: '', hsCode: '', originCountry: '', value: '0' },
    });
  });
});
