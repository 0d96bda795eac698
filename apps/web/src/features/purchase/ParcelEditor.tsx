import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PARCEL, formatCents, hasAnyCode, INSURANCE_FREE_UP_TO_CENTS, unitsFor } from '@parcelport/shared';
import { parcelInput } from '@parcelport/shared/contracts/orders/schemas';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { userCodes, useSessionStore } from '../../stores/session';
import { schemaRule } from '../../utils/schemaRule';
import { type DeclaredInput, insuranceOf } from './insurance';
import { BUILT_IN_LABEL_DEFAULTS, type LabelDefaults, useLabelDefaults } from './labelDefaults';
import { TemplatePicker } from './TemplatePicker';

/** Parcel as the form holds it: dimensions may still be empty; the declared value is a number. */
export interface ParcelFormValue {
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  massUnit: 'lb' | 'oz' | 'kg' | 'g';
  distanceUnit: 'in' | 'cm';
  packageCode: string;
  packageNum: number;
  packageAmount: number;
  insuredValue: number | null;
  reference: string;
  reference2: string;
}

/**
 * A new parcel: docs/spec.md §9's weight 1 and packageAmount 1, with the units and package type of the label
 * defaults (sysConfig; lb and in, your_package unless changed there).
 */
export const newParcel = (label: LabelDefaults = BUILT_IN_LABEL_DEFAULTS): ParcelFormValue => ({
  length: null,
  width: null,
  height: null,
  weight: DEFAULT_PARCEL.weight,
  ...unitsFor(label.units),
  packageCode: label.packageCode,
  packageNum: DEFAULT_PARCEL.packageNum,
  packageAmount: DEFAULT_PARCEL.packageAmount,
  insuredValue: null,
  reference: '',
  reference2: '',
});

export const PACKAGE_CODES = ['your_package', 'envelope', 'soft_pack'] as const;
const UNIT_CHOICES = ['lb/in', 'kg/cm'] as const;
const MAX_PARCELS = 50;

function ParcelCard({
  index,
  count,
  premiumCents,
  templates,
  onRemove,
  onChanged,
}: {
  index: number;
  count: number;
  premiumCents: number;
  /** Offer the user's package templates (resource code templateAdd). */
  templates: boolean;
  onRemove: () => void;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const massUnit = Form.useWatch(['parcels', index, 'massUnit'], form) ?? DEFAULT_PARCEL.massUnit;
  const distanceUnit = Form.useWatch(['parcels', index, 'distanceUnit'], form) ?? DEFAULT_PARCEL.distanceUnit;
  const declared = Form.useWatch(['parcels', index, 'insuredValue'], form) as DeclaredInput;
  const id = (field: string) => `parcel-${index}-${field}`;
  const required = (key: string) => ({ required: true, message: t(key) });

  // docs/spec.md §5 unit rule: kg/cm sets kg and cm; any other choice sets lb and in.
  const setUnits = (choice: string) => {
    const units = unitsFor(choice);
    form.setFieldValue(['parcels', index, 'massUnit'], units.massUnit);
    form.setFieldValue(['parcels', index, 'distanceUnit'], units.distanceUnit);
    onChanged?.();
  };
  const unitChoice = massUnit === 'kg' && distanceUnit === 'cm' ? 'kg/cm' : 'lb/in';
  const hasDeclared = typeof declared === 'number' && declared > 0;

  return (
    <Card
      size="small"
      data-testid={`parcel-${index}`}
      title={t('parcel.title', { n: index + 1 })}
      extra={
        <Space size={4}>
          {templates && <TemplatePicker index={index} onApplied={onChanged} />}
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            data-testid={id('remove')}
            aria-label={t('parcel.remove')}
          >
            {count > 1 ? t('parcel.remove') : null}
          </Button>
        </Space>
      }
      style={{ marginBottom: 12 }}
    >
      <Form.Item name={[index, 'massUnit']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[index, 'distanceUnit']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[index, 'packageNum']} hidden>
        <InputNumber />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={12} md={4}>
          <Form.Item label={t('parcel.units')} required>
            {/* Not a field of the form (no name), so the label is not tied to it: named here. */}
            <Select
              aria-label={t('parcel.units')}
              value={unitChoice}
              onChange={setUnits}
              data-testid={id('units')}
              options={UNIT_CHOICES.map((choice) => ({
                value: choice,
                label: <span data-testid={`unit-option-${choice}`}>{choice}</span>,
              }))}
            />
          </Form.Item>
        </Col>
        {(['length', 'width', 'height'] as const).map((side) => (
          <Col xs={12} md={4} key={side}>
            <Form.Item
              name={[index, side]}
              label={t(`parcel.${side}`)}
              rules={[required('parcel.dimensionRequired'), schemaRule(parcelInput.shape[side])]}
            >
              <InputNumber precision={2} style={{ width: '100%' }} suffix={distanceUnit} data-testid={id(side)} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={12} md={4}>
          <Form.Item
            name={[index, 'weight']}
            label={t('parcel.weight')}
            rules={[required('parcel.weightRequired'), schemaRule(parcelInput.shape.weight)]}
          >
            <InputNumber precision={2} style={{ width: '100%' }} suffix={massUnit} data-testid={id('weight')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={[index, 'packageAmount']} label={t('parcel.packageAmount')} rules={[{ required: true }]}>
            <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} data-testid={id('packageAmount')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[index, 'packageCode']} label={t('parcel.packageCode')}>
            <Select
              data-testid={id('packageCode')}
              options={PACKAGE_CODES.map((code) => ({ value: code, label: t(`parcel.package.${code}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name={[index, 'insuredValue']}
            label={t('parcel.insuredValue')}
            tooltip={t('parcel.insuredValueHint')}
            rules={[schemaRule(parcelInput.shape.insuredValue)]}
            extra={
              <span data-testid={id('premium')}>
                {!hasDeclared ? (
                  t('parcel.noInsurance')
                ) : Math.round((declared as number) * 100) <= INSURANCE_FREE_UP_TO_CENTS ? (
                  t('parcel.insuranceFree')
                ) : (
                  <>
                    {t('parcel.premium')}
                    {t('common.colon')}
                    <Money amount={formatCents(premiumCents)} />
                  </>
                )}
              </span>
            }
          >
            <InputNumber min={0} precision={2} prefix="$" style={{ width: '100%' }} data-testid={id('insuredValue')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[index, 'reference']} label={t('parcel.reference')}>
            <Input maxLength={100} data-testid={id('reference')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[index, 'reference2']} label={t('parcel.reference2')}>
            <Input maxLength={100} data-testid={id('reference2')} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/**
 * The parcels of an order (docs/spec.md §3/§5/§9): one or many, the spec's defaults, the unit rule, a declared value
 * per parcel with its insurance premium worked out as it is typed, a package template applied in one pick,
 * and never fewer than one parcel. `onChanged` hears the changes made by a pick rather than by typing.
 */
export function ParcelEditor({ onChanged }: { onChanged?: () => void } = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const templates = hasAnyCode(['templateAdd'], userCodes(useSessionStore((state) => state.userInfo)));
  const label = useLabelDefaults().defaults;
  const parcels = (Form.useWatch('parcels', form) ?? []) as Partial<ParcelFormValue>[];
  const insurance = insuranceOf(parcels.map((parcel) => parcel?.insuredValue));

  return (
    <div data-testid="parcel-editor">
      <Form.List name="parcels">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <ParcelCard
                key={field.key}
                index={index}
                count={fields.length}
                premiumCents={insurance.perPackage[index] ?? 0}
                templates={templates}
                onChanged={onChanged}
                onRemove={() => {
                  // docs/spec.md §5: an order keeps at least one parcel.
                  if (fields.length <= 1) {
                    void message.warning({
                      content: <span data-testid="message-at-least-one-parcel">{t('parcel.atLeastOne')}</span>,
                    });
                    return;
                  }
                  remove(field.name);
                }}
              />
            ))}
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(newParcel(label))}
                disabled={fields.length >= MAX_PARCELS}
                data-testid="parcel-add"
              >
                {t('parcel.add')}
              </Button>
              <Space wrap data-testid="insurance-summary">
                <Typography.Text>{t('parcel.count', { count: fields.length })}</Typography.Text>
                <Typography.Text>
                  {t('parcel.declaredTotal')}
                  {t('common.colon')}
                  <Money amount={formatCents(insurance.declaredCents)} />
                </Typography.Text>
                <Typography.Text strong data-testid="insurance-total">
                  {t('parcel.premiumTotal')}
                  {t('common.colon')}
                  <Money amount={formatCents(insurance.premiumCents)} />
                </Typography.Text>
                {insurance.signatureRequired && (
                  <Tag color="orange" data-testid="signature-required">
                    {t('parcel.signatureRequired')}
                  </Tag>
                )}
              </Space>
            </Space>
            {!insurance.ok && insurance.error === 'overShipmentLimit' && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 12 }}
                title={t('parcel.overShipmentLimit')}
                data-testid="insurance-over-shipment"
              />
            )}
          </>
        )}
      </Form.List>
    </div>
  );
}
