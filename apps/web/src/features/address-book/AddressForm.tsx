import { addressFormatIssues, type CarrierLatinField, DEFAULT_COUNTRY, isUsZip } from '@parcelport/shared';
import { addressIssueMessage } from '@parcelport/shared/contracts/address-format';
import type { AddressView } from '@parcelport/shared/contracts/addresses/schemas';
import { fieldMessage } from '@parcelport/shared/contracts/messages';
import { Col, Form, type FormItemProps, Input, Row, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCity } from '../../api/orders';
import { currentLocale } from '../../i18n';
import { LatinHint } from './LatinHint';
import { ZipNote } from './ZipNote';

/** Countries offered first; the rating engine ships within the US (territories and military included). */
const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'CN', 'HK', 'JP', 'KR', 'AU'] as const;

/** An empty order party with docs/spec.md §3's default country. */
export const emptyAddress = (): AddressView => ({
  personName: '',
  company: '',
  phone: '',
  email: '',
  countryCode: DEFAULT_COUNTRY,
  stateCode: '',
  city: '',
  addressLine1: '',
  addressLine2: '',
  zipCode: '',
  isResidential: false,
});

export type AddressField = keyof AddressView;

/** The fields every address holds, in the order of docs/spec.md §3. */
export const ADDRESS_FIELDS = Object.keys(emptyAddress()) as AddressField[];

/** An order party: rating and labels need the name, ZIP, state, city and first line. */
export const ORDER_PARTY_REQUIRED: readonly AddressField[] = [
  'personName',
  'zipCode',
  'stateCode',
  'city',
  'addressLine1',
];

/** An address book entry (docs/spec.md §5): title (outside these fields), name, phone, first line and ZIP. */
export const ADDRESS_BOOK_REQUIRED: readonly AddressField[] = ['personName', 'phone', 'addressLine1', 'zipCode'];

/** The message of each field that can be required. */
export const REQUIRED_MESSAGES: Partial<Record<AddressField, string>> = {
  personName: 'addressForm.personNameRequired',
  phone: 'addressForm.phoneRequired',
  zipCode: 'addressForm.zipCodeRequired',
  stateCode: 'addressForm.stateRequired',
  city: 'addressForm.cityRequired',
  addressLine1: 'addressForm.addressLine1Required',
};

/** The label of each field a carrier reads in Latin letters. */
const LATIN_FIELD_LABELS: Record<CarrierLatinField, string> = {
  personName: 'addressForm.personName',
  company: 'addressForm.company',
  addressLine1: 'addressForm.addressLine1',
  addressLine2: 'addressForm.addressLine2',
  city: 'addressForm.city',
  stateCode: 'addressForm.state',
};

function countryName(code: string): string {
  try {
    const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address fields of docs/spec.md §3 inside the surrounding form: under `name` (an order party) or at the top
 * level (an address book entry), with the fields `required` lists required. Leaving the ZIP of a US
 * address fills city and state from GET /api/app/user/address/getCity.
 */
export function AddressForm({
  name,
  testIdPrefix = name ?? 'address',
  required = ORDER_PARTY_REQUIRED,
}: {
  name?: 'from' | 'to';
  /** Test ids read `<prefix>-<field>`. */
  testIdPrefix?: string;
  required?: readonly AddressField[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const [unknownZip, setUnknownZip] = useState<string | null>(null);
  const countries = useMemo(
    () => COUNTRIES.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })),
    [],
  );
  // The notes speak of the ZIP they were about: another ZIP (typed, picked or reset) drops them.
  const zipNow = String(Form.useWatch(name ? [name, 'zipCode'] : 'zipCode', form) ?? '').trim();
  const filled = filledFrom !== null && filledFrom === zipNow;
  const unknown = unknownZip !== null && unknownZip === zipNow;
  const id = (field: string) => `${testIdPrefix}-${field}`;
  const path = (field: AddressField): FormItemProps['name'] => (name ? [name, field] : field);
  const rules = (field: AddressField) =>
    required.includes(field) ? [{ required: true, whitespace: true, message: t(REQUIRED_MESSAGES[field] ?? '') }] : [];
  // The server's rule for a US ZIP and state (packages/shared), with its message, checked when the field is left
  // and on submit, so a typo is named here before the server refuses it.
  const formatRule = (field: 'zipCode' | 'stateCode') => ({
    validateTrigger: 'onBlur',
    validator: async () => {
      const issue = addressFormatIssues({
        countryCode: form.getFieldValue(path('countryCode')),
        stateCode: form.getFieldValue(path('stateCode')),
        zipCode: form.getFieldValue(path('zipCode')),
      }).find((found) => found.field === field);
      if (issue) throw new Error(fieldMessage(addressIssueMessage(issue.code), currentLocale()));
    },
  });

  const latinHint = (field: CarrierLatinField) => (
    <LatinHint path={path(field)} field={field} label={t(LATIN_FIELD_LABELS[field])} testId={id(field)} />
  );

  const fillFromZip = async (typed?: string) => {
    const zip = String(typed ?? form.getFieldValue(path('zipCode')) ?? '').trim();
    const country = form.getFieldValue(path('countryCode')) ?? DEFAULT_COUNTRY;
    if (country !== 'US' || !isUsZip(zip) || zip === filledFrom) return;
    try {
      const found = await getCity(zip);
      form.setFields([
        { name: path('city'), value: found.city, errors: [] },
        { name: path('stateCode'), value: found.stateCode, errors: [] },
      ]);
      setFilledFrom(zip);
      setUnknownZip(null);
    } catch {
      setFilledFrom(null);
      setUnknownZip(zip);
    }
  };

  return (
    <div data-testid={`address-${testIdPrefix}`}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name={path('personName')}
            label={t('addressForm.personName')}
            rules={rules('personName')}
            extra={latinHint('personName')}
          >
            <Input data-testid={id('personName')} maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={path('company')}
            label={t('addressForm.company')}
            rules={rules('company')}
            extra={latinHint('company')}
          >
            <Input data-testid={id('company')} maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={path('phone')} label={t('addressForm.phone')} rules={rules('phone')}>
            <Input data-testid={id('phone')} maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={path('email')}
            label={t('addressForm.email')}
            rules={[{ type: 'email', message: t('validation.emailInvalid') }]}
          >
            <Input data-testid={id('email')} maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={path('countryCode')} label={t('addressForm.country')} rules={[{ required: true }]}>
            <Select
              data-testid={id('country')}
              showSearch={{ optionFilterProp: 'label' }}
              options={countries}
              onChange={() => setFilledFrom(null)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={path('zipCode')}
            label={t('addressForm.zipCode')}
            rules={[...rules('zipCode'), formatRule('zipCode')]}
            validateTrigger={['onChange', 'onBlur']}
            extra={<ZipNote shown={filled ? 'filled' : unknown ? 'unknown' : null} testId={id} />}
          >
            <Input
              data-testid={id('zipCode')}
              maxLength={20}
              onBlur={() => void fillFromZip()}
              onChange={(event) => {
                setFilledFrom(null);
                setUnknownZip(null);
                // City and state come as soon as five digits are typed, not only once the field is left.
                if (/^\d{5}$/.test(event.target.value.trim())) void fillFromZip(event.target.value);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={path('stateCode')}
            label={t('addressForm.state')}
            rules={[...rules('stateCode'), formatRule('stateCode')]}
            validateTrigger={['onChange', 'onBlur']}
            normalize={(value: string) => value?.toUpperCase()}
            extra={latinHint('stateCode')}
          >
            <Input data-testid={id('stateCode')} maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={path('city')} label={t('addressForm.city')} rules={rules('city')} extra={latinHint('city')}>
            <Input data-testid={id('city')} maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={path('isResidential')}
            label={t('addressForm.residential')}
            valuePropName="checked"
            tooltip={t('addressForm.residentialHint')}
          >
            <Switch data-testid={id('residential')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name={path('addressLine1')}
            label={t('addressForm.addressLine1')}
            rules={rules('addressLine1')}
            extra={latinHint('addressLine1')}
          >
            <Input data-testid={id('addressLine1')} maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name={path('addressLine2')}
            label={t('addressForm.addressLine2')}
            extra={latinHint('addressLine2')}
          >
            <Input data-testid={id('addressLine2')} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
