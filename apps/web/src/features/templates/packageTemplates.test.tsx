import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PackageTemplate } from '../../api/addressBook';
import {
  callsOf,
  envelope,
  inEnglishWithToken,
  inputOf,
  on,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { template } from '../../test/settingsFixtures';

inEnglishWithToken('customer-token');

const customer = sampleUser({ role: ['rechargePage', 'appSysMessageList', 'templateAdd'] });
const page = (list: PackageTemplate[]) => envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
const metric = template({
  id: 2,
  name: 'Wine case',
  quantity: 6,
  length: 40,
  width: 30,
  height: 35,
  weight: 9,
  unit: 'kg/cm',
});

function stubTemplates(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, customer),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(addressBookContracts.listPackageTemplates)]: page([template(), metric]),
    ...extra,
  });
}

const row = (id: number) => screen.getByTestId(`template-list-row-${id}`);

async function chooseUnit(unit: string) {
  const select = screen.getByTestId('template-unit');
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const options = await screen.findAllByTestId(`template-unit-${unit}`);
  fireEvent.click(options.find((option) => option.closest('.ant-select-item-option')) ?? (options[0] as HTMLElement));
}

describe('/settings/packageTemplate', () => {
  it('lists the templates with quantity, size, weight and unit', async () => {
    stubTemplates();
    renderApp('/settings/packageTemplate');
    await screen.findByTestId('template-list-row-1');
    expect(screen.getByTestId('menu-item-packageTemplate').textContent).toBe('Package templates');
    const box = row(1);
    expect(box.textContent).toContain('Medium box');
    expect(within(box).getByTestId('template-size').textContent).toBe('12 × 10 × 8 in');
    expect(box.textContent).toContain('2.5 lb');
    expect(box.textContent).toContain('lb/in');
    const wine = row(2);
    expect(within(wine).getByTestId('template-size').textContent).toBe('40 × 30 × 35 cm');
    expect(wine.textContent).toContain('9 kg');
    expect(wine.textContent).toContain('kg/cm');
    expect(wine.textContent).toContain('6');
  });

  it('is not offered without the templateAdd code', async () => {
    stubTemplates({ [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()) });
    const { router } = renderApp('/settings/packageTemplate');
    await waitFor(() => expect(pathOf(router)).not.toBe('/settings/packageTemplate'));
    expect(screen.queryByTestId('menu-item-packageTemplate')).toBeNull();
  });

  it('requires every field, numbers above 0 and a whole quantity of 1 or more, then creates it', async () => {
    const { calls } = stubTemplates({
      [on(addressBookContracts.createPackageTemplate)]: envelope(200, template({ id: 3, name: 'Flat mailer' })),
    });
    renderApp('/settings/packageTemplate');
    await screen.findByTestId('template-list-row-1');
    fireEvent.click(screen.getByTestId('template-list-new'));
    await screen.findByTestId('template-form');
    typeInto('template-quantity', '');
    fireEvent.click(screen.getByTestId('template-save'));
    for (const text of ['Please enter the template name', 'Please enter the quantity', 'Enter the weight']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getAllByText('Enter the size')).toHaveLength(3);

    typeInto('template-name', '  Flat mailer ');
    typeInto('template-quantity', '1.5');
    typeInto('template-length', '0');
    typeInto('template-width', '-2');
    fireEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Enter a whole number of 1 or more')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(FIELD_MESSAGES.dimensionPositive['en-US'])).toHaveLength(2));
    expect(callsOf(calls, addressBookContracts.createPackageTemplate)).toHaveLength(0);

    typeInto('template-quantity', '2');
    typeInto('template-length', '30');
    typeInto('template-width', '20');
    typeInto('template-height', '2');
    typeInto('template-weight', '0.4');
    await chooseUnit('kg/cm');
    // The fields show the units the choice gives them.
    await waitFor(() => expect(screen.getByTestId('template-form').textContent).toContain('kg'));
    fireEvent.click(screen.getByTestId('template-save'));
    expect((await screen.findByTestId('template-saved')).textContent).toBe('Template added');
    expect(callsOf(calls, addressBookContracts.createPackageTemplate)[0]?.body).toEqual({
      name: 'Flat mailer',
      quantity: 2,
      length: 30,
      width: 20,
      height: 2,
      weight: 0.4,
      unit: 'kg/cm',
    });
  });

  it('edits a template and shows a taken name on the name field', async () => {
    const { calls } = stubTemplates({
      [on(addressBookContracts.updatePackageTemplate, { id: 2 })]: [
        envelope(400, { fields: { name: 'A template of this name exists' } }, 'Invalid input'),
        envelope(200, metric),
      ],
    });
    renderApp('/settings/packageTemplate');
    await screen.findByTestId('template-list-row-2');
    fireEvent.click(within(row(2)).getByTestId('template-list-edit'));
    await waitFor(() => expect(inputOf('template-name').value).toBe('Wine case'));
    expect(inputOf('template-quantity').value).toBe('6');
    expect(inputOf('template-length').value).toBe('40.00');

    typeInto('template-name', 'Medium box');
    fireEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('A template of this name exists')).toBeTruthy();
    typeInto('template-name', 'Wine case (6)');
    typeInto('template-weight', '9.5');
    fireEvent.click(screen.getByTestId('template-save'));
    expect((await screen.findByTestId('template-saved')).textContent).toBe('Template saved');
    expect(callsOf(calls, addressBookContracts.updatePackageTemplate, { id: 2 })[1]?.body).toEqual({
      name: 'Wine case (6)',
      quantity: 6,
      length: 40,
      width: 30,
      height: 35,
      weight: 9.5,
      unit: 'kg/cm',
    });
  });

  it('deletes a template after a confirmation', async () => {
    const { calls } = stubTemplates({
      [on(addressBookContracts.deletePackageTemplates)]: envelope(200, { deleted: 1 }),
    });
    renderApp('/settings/packageTemplate');
    await screen.findByTestId('template-list-row-1');
    fireEvent.click(within(row(1)).getByTestId('template-list-delete'));
    expect(await screen.findByText('Delete the template “Medium box”?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('popconfirm-ok'));
    expect((await screen.findByTestId('template-list-deleted')).textContent).toBe('1 template deleted');
    expect(callsOf(calls, addressBookContracts.deletePackageTemplates)[0]?.body).toEqual({ ids: [1] });
  });
});
