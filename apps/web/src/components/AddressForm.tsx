import { EnvironmentOutlined } from '@ant-design/icons';
import { DEFAULT_COUNTRY } from '@parcelport/shared';
import { Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCity } from '../api/orders';
import { currentLocale } from '../i18n';

/** Countries offered first; the rating engine ships within the US (territories and military included). */
const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'CN', 'HK', 'JP', 'KR', 'AU'] as const;

const US_ZIP = /^\d{5}(-\d{4})?$/;

/** An empty order party with SPEC §3's default country. */
export const emptyAddress = () => ({
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

function countryName(code: string): string {
  try {
    const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address fields of SPEC §3 (an order party) inside the surrounding form, under `name`. Leaving the
 * ZIP of a US address fills city and state from GET /api/app/user/address/getCity.
 */
export function AddressForm({ name }: { name: 'from' | 'to' }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const [unknownZip, setUnknownZip] = useState<string | null>(null);
  const countries = useMemo(
    () => COUNTRIES.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })),
    [],
  );
  const id = (field: string) => `${name}-${field}`;
  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];

  const fillFromZip = async () => {
    const zip = String(form.getFieldValue([name, 'zipCode']) ?? '').trim();
    const country = form.getFieldValue([name, 'countryCode']) ?? DEFAULT_COUNTRY;
    if (country !== 'US' || !US_ZIP.test(zip) || zip === filledFrom) return;
    try {
      const found = await getCity(zip);
      form.setFields([
        { name: [name, 'city'], value: found.city, errors: [] },
        { name: [name, 'stateCode'], value: found.stateCode, errors: [] },
      ]);
      setFilledFrom(zip);
      setUnknownZip(null);
    } catch {
      setFilledFrom(null);
      setUnknownZip(zip);
    }
  };

  return (
    <div data-testid={`address-${name}`}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'personName']}
            label={t('addressForm.personName')}
            rules={required('addressForm.personNameRequired')}
          >
            <Input data-testid={id('personName')} maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'company']} label={t('addressForm.company')}>
            <Input data-testid={id('company')} maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'phone']} label={t('addressForm.phone')}>
            <Input data-testid={id('phone')} maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'email']}
            label={t('addressForm.email')}
            rules={[{ type: 'email', message: t('validation.emailInvalid') }]}
          >
            <Input data-testid={id('email')} maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={[name, 'countryCode']} label={t('addressForm.country')} rules={[{ required: true }]}>
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
            name={[name, 'zipCode']}
            label={t('addressForm.zipCode')}
            rules={required('addressForm.zipCodeRequired')}
            extra={
              filledFrom ? (
                <Typography.Text type="secondary" data-testid={id('zip-filled')}>
                  <EnvironmentOutlined /> {t('addressForm.filledFromZip')}
                </Typography.Text>
              ) : unknownZip ? (
                <Typography.Text type="warning" data-testid={id('zip-unknown')}>
                  {t('addressForm.zipUnknown')}
                </Typography.Text>
              ) : undefined
            }
          >
            <Input
              data-testid={id('zipCode')}
              maxLength={20}
              onBlur={() => void fillFromZip()}
              onChange={() => {
                setFilledFrom(null);
                setUnknownZip(null);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={[name, 'stateCode']}
            label={t('addressForm.state')}
            rules={required('addressForm.stateRequired')}
            normalize={(value: string) => value?.toUpperCase()}
          >
            <Input data-testid={id('stateCode')} maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'city']} label={t('addressForm.city')} rules={required('addressForm.cityRequired')}>
            <Input data-testid={id('city')} maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'isResidential']}
            label={t('addressForm.residential')}
            valuePropName="checked"
            tooltip={t('addressForm.residentialHint')}
          >
            <Switch data-testid={id('residential')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name={[name, 'addressLine1']}
            label={t('addressForm.addressLine1')}
            rules={required('addressForm.addressLine1Required')}
          >
            <Input data-testid={id('addressLine1')} maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name={[name, 'addressLine2']} label={t('addressForm.addressLine2')}>
            <Input data-testid={id('addressLine2')} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
