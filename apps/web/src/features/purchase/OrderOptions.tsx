import { BATTERY_TYPES, LABEL_SIZES, SIGNATURE_OPTIONS } from '@parcelport/shared';
import { Card, Col, DatePicker, Form, Input, Radio, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENTS_TYPES, NON_DELIVERY_OPTIONS } from './orderForm';

/**
 * The order's options: battery, label size, ship date, references, test mode, signature (forced when the
 * declared value asks for it), non-delivery, contents, description and remark.
 */
export function OrderOptions({ batteryType, signatureRequired }: { batteryType?: string; signatureRequired: boolean }) {
  const { t } = useTranslation();
  const batteryOptions = useMemo(
    () => BATTERY_TYPES.map((type) => ({ value: type, label: t(`newOrder.battery.${type}`) })),
    [t],
  );
  return (
    <Card title={t('newOrder.options')} size="small">
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            name="batteryType"
            label={t('newOrder.batteryType')}
            extra={batteryType && batteryType !== 'none' ? t('newOrder.batteryHint') : undefined}
          >
            <Select options={batteryOptions} data-testid="order-battery" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="labelSize" label={t('newOrder.labelSize')}>
            <Radio.Group
              optionType="button"
              options={LABEL_SIZES.map((size) => ({ value: size, label: size }))}
              data-testid="order-label-size"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="shipDate" label={t('newOrder.shipDate')}>
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
              data-testid="order-ship-date"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="reference1" label={t('newOrder.reference1')}>
            <Input maxLength={100} data-testid="order-reference1" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="reference2" label={t('newOrder.reference2')}>
            <Input maxLength={100} data-testid="order-reference2" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="isTest"
            label={t('newOrder.isTest')}
            valuePropName="checked"
            tooltip={t('newOrder.isTestHint')}
          >
            <Switch data-testid="order-test-mode" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['extra', 'signatureOption']}
            label={t('newOrder.signatureOption')}
            extra={
              signatureRequired ? (
                <span data-testid="signature-forced">{t('newOrder.signatureForced')}</span>
              ) : undefined
            }
          >
            <Select
              data-testid="order-signature"
              options={SIGNATURE_OPTIONS.map((option) => ({
                value: option,
                disabled: option === 'none' && signatureRequired,
                label: <span data-testid={`signature-option-${option}`}>{t(`newOrder.signature.${option}`)}</span>,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={['extra', 'nonDeliveryOption']} label={t('newOrder.nonDeliveryOption')}>
            <Select
              data-testid="order-non-delivery"
              options={NON_DELIVERY_OPTIONS.map((option) => ({
                value: option,
                label: t(`newOrder.nonDelivery.${option}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={['extra', 'contentsType']} label={t('newOrder.contentsType')}>
            <Select
              data-testid="order-contents"
              options={CONTENTS_TYPES.map((option) => ({ value: option, label: t(`newOrder.contents.${option}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['extra', 'description']} label={t('newOrder.description')}>
            <Input maxLength={200} data-testid="order-description" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remark" label={t('newOrder.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="order-remark" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
