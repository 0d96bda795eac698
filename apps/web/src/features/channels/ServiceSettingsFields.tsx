import { AMOUNT_PATTERN, BATTERY_TYPES } from '@parcelport/shared';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { DELIVERY_ZONES, deliveryDaysList, PERCENT_PATTERN, SERVICE_TYPE_CODE_PATTERN, ZIP3_PATTERN } from './settings';

const name = (field: string) => ['settings', field];

/**
 * Every rating setting of a ratecard service, under the form field `settings` (the values of
 * ServiceSettingsValues: dollars, percent, pounds; the screen converts them on save).
 */
export function ServiceSettingsFields() {
  const { t } = useTranslation();
  const required: Rule = { required: true, message: t('carriers.required') };
  const money: Rule[] = [required, { pattern: AMOUNT_PATTERN, message: t('carriers.moneyInvalid') }];
  const positive = (field: string, testId: string, suffix: string, extra?: string) => (
    <Form.Item name={name(field)} label={t(`carriers.settings.${field}`)} rules={[required]} extra={extra}>
      <InputNumber min={0.01} step={1} suffix={suffix} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
  const amount = (field: string, testId: string) => (
    <Form.Item name={name(field)} label={t(`carriers.settings.${field}`)} rules={money}>
      <Input prefix="$" inputMode="decimal" autoComplete="off" data-testid={testId} />
    </Form.Item>
  );

  return (
    <>
      <Divider titlePlacement="start">{t('carriers.section.dimensional')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('dimDivisor')}
            label={t('carriers.settings.dimDivisor')}
            rules={[required]}
            extra={t('carriers.settings.dimDivisorHint')}
          >
            <InputNumber min={0} step={1} style={{ width: '100%' }} data-testid="service-dim-divisor" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('dimThresholdCuIn')}
            label={t('carriers.settings.dimThresholdCuIn')}
            rules={[required]}
            extra={t('carriers.settings.dimThresholdHint')}
          >
            <InputNumber min={0} step={1} suffix="in³" style={{ width: '100%' }} data-testid="service-dim-threshold" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('carriers.section.limits')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {positive('maxWeightLb', 'service-max-weight', 'lb')}
        </Col>
        <Col xs={24} md={8}>
          {positive('maxLengthIn', 'service-max-length', 'in')}
        </Col>
        <Col xs={24} md={8}>
          {positive('maxLengthGirthIn', 'service-max-length-girth', 'in', t('carriers.settings.lengthGirthHint'))}
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('carriers.section.surcharges')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {amount('residential', 'service-residential')}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('fuelPercent')}
            label={t('carriers.settings.fuelPercent')}
            rules={[required, { pattern: PERCENT_PATTERN, message: t('carriers.percentInvalid') }]}
            extra={t('carriers.settings.fuelHint')}
          >
            <Input suffix="%" inputMode="decimal" autoComplete="off" data-testid="service-fuel" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {positive('oversizeLengthIn', 'service-oversize-length', 'in', t('carriers.settings.oversizeHint'))}
        </Col>
        <Col xs={24} md={8}>
          {amount('oversize', 'service-oversize')}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name={name('remoteZip3')}
            label={t('carriers.settings.remoteZip3')}
            extra={t('carriers.settings.remoteZip3Hint')}
            rules={[
              {
                validator: async (_rule, value: string[] | undefined) => {
                  const bad = (value ?? []).filter((zip) => !ZIP3_PATTERN.test(zip.trim()));
                  if (bad.length) throw new Error(t('carriers.zip3Invalid', { values: bad.join(', ') }));
                },
              },
            ]}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ' ', ';', '\n']}
              suffixIcon={null}
              placeholder="995, 996, 967"
              data-testid="service-remote-zip3"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          {amount('remote', 'service-remote')}
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('carriers.section.deliveryDays')}</Divider>
      <Form.Item
        name={name('deliveryDays')}
        extra={t('carriers.settings.deliveryDaysHint')}
        rules={[
          {
            validator: async (_rule, value: (number | null)[] | undefined) => {
              const days = deliveryDaysList(value ?? []);
              if (!Array.isArray(days)) throw new Error(t('carriers.deliveryDaysGap', { zone: days.gapAtZone }));
            },
          },
        ]}
      >
        <DeliveryDaysInput />
      </Form.Item>

      <Divider titlePlacement="start">{t('carriers.section.other')}</Divider>
      <Form.Item name={name('allowedBatteries')} label={t('carriers.settings.allowedBatteries')}>
        <Checkbox.Group data-testid="service-batteries">
          <Row gutter={[8, 8]}>
            {BATTERY_TYPES.map((type) => (
              <Col key={type} xs={24} md={12} xl={8}>
                <Checkbox value={type} data-testid={`service-battery-${type}`}>
                  {t(`carriers.battery.${type}`)}
                </Checkbox>
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name={name('serviceTypeCode')}
            label={t('carriers.settings.serviceTypeCode')}
            extra={t('carriers.settings.serviceTypeCodeHint')}
            rules={[{ pattern: SERVICE_TYPE_CODE_PATTERN, message: t('carriers.serviceTypeCodeInvalid') }]}
          >
            <Input maxLength={3} autoComplete="off" data-testid="service-type-code" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Nine boxes, zone 1 to 9: days from label to delivery. */
function DeliveryDaysInput({
  value = [],
  onChange,
}: {
  value?: (number | null)[];
  onChange?: (value: (number | null)[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap size={[12, 8]} data-testid="service-delivery-days">
      {DELIVERY_ZONES.map((zone, index) => (
        <Space key={zone} orientation="vertical" size={2} align="center">
          <Typography.Text type="secondary">{t('carriers.zoneN', { zone })}</Typography.Text>
          <InputNumber
            min={1}
            max={60}
            precision={0}
            style={{ width: 72 }}
            aria-label={t('carriers.zoneDaysLabel', { zone })}
            value={value[index] ?? null}
            onChange={(day) => {
              const next = DELIVERY_ZONES.map((_z, i) => value[i] ?? null);
              next[index] = typeof day === 'number' ? day : null;
              onChange?.(next);
            }}
            data-testid={`service-days-zone-${zone}`}
          />
        </Space>
      ))}
    </Space>
  );
}
