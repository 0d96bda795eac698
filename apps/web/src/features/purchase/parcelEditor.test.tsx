import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { insuranceOf } from './insurance';
import { newParcel, ParcelEditor, type ParcelFormValue } from './ParcelEditor';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

const holder: { form: FormInstance | null } = { form: null };

/** The editor inside a form, as the order screen holds it. */
function Harness({ parcels }: { parcels: ParcelFormValue[] }) {
  const [form] = Form.useForm();
  holder.form = form;
  return (
    <Form form={form} initialValues={{ parcels }}>
      <ParcelEditor />
    </Form>
  );
}

/** Renders the editor; `values()` reads the parcels from its form. */
function renderEditor(parcels: ParcelFormValue[] = [newParcel()]) {
  renderWithProviders(<Harness parcels={parcels} />);
  const values = () => (holder.form as FormInstance).getFieldsValue(true).parcels as ParcelFormValue[];
  return { values };
}

/** Picks an option of an antd Select by its test id. */
async function choose(selectTestId: string, optionTestId: string) {
  const select = screen.getByTestId(selectTestId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const options = await screen.findAllByTestId(optionTestId);
  const inList = options.filter((option) => option.closest('.ant-select-item-option'));
  fireEvent.click(inList.at(-1) ?? (options[0] as HTMLElement));
}

const typeInto = (testId: string, value: string) => {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('parcel editor', () => {
  it("refuses a zero weight, an oversized side and a declared value over the package limit with the server's messages", async () => {
    renderEditor();
    typeInto('parcel-0-weight', '0');
    typeInto('parcel-0-length', '20000');
    typeInto('parcel-0-insuredValue', '50000.01');
    await holder.form?.validateFields().catch(() => undefined);
    expect(await screen.findByText(FIELD_MESSAGES.weightPositive['en-US'])).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.dimensionTooLarge['en-US'])).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.insuranceOverPackage['en-US'])).toBeTruthy();
  });

  it("starts with docs/spec.md §9's defaults: weight 1, 1 item, lb/in, your_package", () => {
    const { values } = renderEditor();
    expect(values()).toHaveLength(1);
    expect(values()[0]).toMatchObject({
      weight: 1,
      packageAmount: 1,
      packageNum: 1,
      massUnit: 'lb',
      distanceUnit: 'in',
      packageCode: 'your_package',
    });
  });

  it("deleting the last parcel says 'at least 1 parcel' and keeps it", async () => {
    const { values } = renderEditor();
    fireEvent.click(screen.getByTestId('parcel-0-remove'));
    expect((await screen.findByTestId('message-at-least-one-parcel')).textContent).toBe('at least 1 parcel');
    expect(values()).toHaveLength(1);
    expect(screen.getByTestId('parcel-0')).toBeTruthy();
  });

  it('adds parcels with the defaults and removes any but the last one', async () => {
    const { values } = renderEditor();
    fireEvent.click(screen.getByTestId('parcel-add'));
    fireEvent.click(screen.getByTestId('parcel-add'));
    await waitFor(() => expect(values()).toHaveLength(3));
    expect(values()[2]).toMatchObject({ weight: 1, packageAmount: 1, massUnit: 'lb', distanceUnit: 'in' });
    expect(screen.getByTestId('insurance-summary').textContent).toContain('Parcels: 3');
    fireEvent.click(screen.getByTestId('parcel-1-remove'));
    await waitFor(() => expect(values()).toHaveLength(2));
    expect(screen.queryByTestId('message-at-least-one-parcel')).toBeNull();
  });

  it('applies the unit rule: kg/cm sets kg and cm, the other choice lb and in', async () => {
    const { values } = renderEditor([newParcel(), newParcel()]);
    await choose('parcel-1-units', 'unit-option-kg/cm');
    await waitFor(() => expect(values()[1]).toMatchObject({ massUnit: 'kg', distanceUnit: 'cm' }));
    // Only that parcel changes, and its fields show the new units.
    expect(values()[0]).toMatchObject({ massUnit: 'lb', distanceUnit: 'in' });
    expect(within(screen.getByTestId('parcel-1')).getAllByText('cm').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('parcel-1')).getAllByText('kg').length).toBeGreaterThan(0);

    await choose('parcel-1-units', 'unit-option-lb/in');
    await waitFor(() => expect(values()[1]).toMatchObject({ massUnit: 'lb', distanceUnit: 'in' }));
  });

  it('shows the insurance premium of each parcel and the total as the declared values are typed', async () => {
    renderEditor([newParcel(), newParcel()]);
    expect(screen.getByTestId('parcel-0-premium').textContent).toBe('No insurance');

    typeInto('parcel-0-insuredValue', '100');
    await waitFor(() =>
      expect(screen.getByTestId('parcel-0-premium').textContent).toBe('Insurance: free (up to $100)'),
    );

    // 100.01 counts two started hundreds at $1, and the tier minimum is $2.
    typeInto('parcel-0-insuredValue', '100.01');
    await waitFor(() => expect(screen.getByTestId('parcel-0-premium').textContent).toBe('Insurance: $2.00'));

    typeInto('parcel-1-insuredValue', '650');
    await waitFor(() => expect(screen.getByTestId('parcel-1-premium').textContent).toBe('Insurance: $7.00'));
    expect(screen.getByTestId('insurance-total').textContent).toBe('Insurance in total: $9.00');
    expect(screen.queryByTestId('signature-required')).toBeNull();

    // Above 1,000 declared in the shipment, a signature is required.
    typeInto('parcel-1-insuredValue', '1500');
    await waitFor(() => expect(screen.getByTestId('parcel-1-premium').textContent).toBe('Insurance: $12.75'));
    expect(screen.getByTestId('insurance-total').textContent).toBe('Insurance in total: $14.75');
    expect(screen.getByTestId('signature-required')).toBeTruthy();
  });

  it('holds the docs/spec.md §9 limits: 50,000 per package and 100,000 per shipment', async () => {
    renderEditor([newParcel(), newParcel(), newParcel()]);
    typeInto('parcel-0-insuredValue', '50000.01');
    expect(await screen.findByText('Declared value cannot exceed $50,000 per package')).toBeTruthy();

    typeInto('parcel-0-insuredValue', '50000');
    typeInto('parcel-1-insuredValue', '40000');
    typeInto('parcel-2-insuredValue', '10000.01');
    expect((await screen.findByTestId('insurance-over-shipment')).textContent).toContain(
      'Declared value cannot exceed $100,000 per shipment',
    );
    typeInto('parcel-2-insuredValue', '10000');
    await waitFor(() => expect(screen.queryByTestId('insurance-over-shipment')).toBeNull());
  });
});

describe('insuranceOf', () => {
  it('prices what is typed with the shared premium function', () => {
    expect(insuranceOf([null, undefined, ''])).toMatchObject({ ok: true, premiumCents: 0, declaredCents: 0 });
    expect(insuranceOf([1000, 0.01])).toMatchObject({ premiumCents: 1000, signatureRequired: true });
    expect(insuranceOf([1000])).toMatchObject({ premiumCents: 1000, signatureRequired: false });
    expect(insuranceOf([50_000.01])).toMatchObject({ ok: false, error: 'overPackageLimit', index: 0 });
  });
});
