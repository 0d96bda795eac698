import { unitsFor } from '@parcelport/shared';
import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import { packageTemplateInput } from '@parcelport/shared/contracts/address-book/schemas';
import { Col, Form, type FormRule, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  listPackageTemplates,
  PACKAGE_TEMPLATES_KEY,
  type PackageTemplate,
  type PackageTemplateInput,
  TEMPLATE_UNITS,
} from '../../api/addressBook';
import { call } from '../../api/call';
import { type RecordEditorProps, RecordList } from '../../components/RecordList';
import { RecordModal } from '../../components/RecordModal';
import { schemaRule } from '../../utils/schemaRule';
import { formatSize } from './templateSize';

type TemplateValues = Omit<PackageTemplateInput, 'quantity' | 'length' | 'width' | 'height' | 'weight'> & {
  [side in 'quantity' | 'length' | 'width' | 'height' | 'weight']: number | null;
};

const SIDES = ['length', 'width', 'height'] as const;
const FIELD_NAMES = ['name', 'quantity', ...SIDES, 'weight', 'unit'] as const;

/** The template's fields; the size and weight show the units the unit choice gives them. */
function TemplateFields() {
  const { t } = useTranslation();
  const units = unitsFor(Form.useWatch('unit', Form.useFormInstance()) ?? 'lb/in');
  const measured = (key: string, rule: z.ZodType): FormRule[] => [
    { required: true, message: t(key) },
    schemaRule(rule),
  ];
  return (
    <Row gutter={12}>
      <Col xs={24} md={16}>
        <Form.Item
          name="name"
          label={t('packageTemplate.name')}
          rules={[{ required: true, whitespace: true, message: t('packageTemplate.nameRequired') }]}
        >
          <Input maxLength={60} autoComplete="off" data-testid="template-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="unit"
          label={t('packageTemplate.unit')}
          rules={[{ required: true, message: t('packageTemplate.unitRequired') }]}
        >
          <Select
            data-testid="template-unit"
            options={TEMPLATE_UNITS.map((unit) => ({
              value: unit,
              label: <span data-testid={`template-unit-${unit}`}>{unit}</span>,
            }))}
          />
        </Form.Item>
      </Col>
      {SIDES.map((side) => (
        <Col xs={8} md={6} key={side}>
          <Form.Item
            name={side}
            label={t(`parcel.${side}`)}
            rules={measured('parcel.dimensionRequired', packageTemplateInput.shape[side])}
          >
            <InputNumber
              precision={2}
              max={10_000}
              style={{ width: '100%' }}
              suffix={units.distanceUnit}
              data-testid={`template-${side}`}
            />
          </Form.Item>
        </Col>
      ))}
      <Col xs={12} md={6}>
        <Form.Item
          name="weight"
          label={t('parcel.weight')}
          rules={measured('parcel.weightRequired', packageTemplateInput.shape.weight)}
        >
          <InputNumber
            precision={2}
            max={100_000}
            style={{ width: '100%' }}
            suffix={units.massUnit}
            data-testid="template-weight"
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={8}>
        <Form.Item
          name="quantity"
          label={t('packageTemplate.quantity')}
          tooltip={t('packageTemplate.quantityHint')}
          rules={[
            { required: true, message: t('packageTemplate.quantityRequired') },
            { type: 'integer', min: 1, message: t('packageTemplate.quantityInvalid') },
          ]}
        >
          <InputNumber max={10_000} style={{ width: '100%' }} data-testid="template-quantity" />
        </Form.Item>
      </Col>
    </Row>
  );
}

function TemplateEditor({ open, record, onClose, onSaved }: RecordEditorProps<PackageTemplate>) {
  const { t } = useTranslation();
  return (
    <RecordModal<TemplateValues>
      open={open}
      testId="template"
      title={record ? t('packageTemplate.editTitle', { name: record.name }) : t('packageTemplate.addTitle')}
      initialValues={() =>
        record
          ? {
              name: record.name,
              quantity: record.quantity,
              length: record.length,
              width: record.width,
              height: record.height,
              weight: record.weight,
              unit: record.unit,
            }
          : { name: '', quantity: 1, length: null, width: null, height: null, weight: null, unit: 'lb/in' }
      }
      fieldNames={FIELD_NAMES}
      save={(values) => {
        const input = { ...values, name: values.name.trim() } as PackageTemplateInput;
        return record
          ? call(addressBookContracts.updatePackageTemplate, { params: { id: record.id }, body: input })
          : call(addressBookContracts.createPackageTemplate, { body: input });
      }}
      savedText={record ? t('packageTemplate.saved') : t('packageTemplate.created')}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TemplateFields />
    </RecordModal>
  );
}

/**
 * /settings/packageTemplate (docs/spec.md §2, §3, §5; resource code templateAdd): the merchant's usual boxes, each
 * with its size, weight, units and item count, applied to an order's parcel in one pick.
 */
export default function PackageTemplates() {
  const { t } = useTranslation();
  return (
    <RecordList<PackageTemplate>
      testId="template-list"
      title={t('menu.settings.packageTemplate')}
      queryKey={PACKAGE_TEMPLATES_KEY}
      list={listPackageTemplates}
      remove={(ids: number[]) => call(addressBookContracts.deletePackageTemplates, { body: { ids } })}
      nameOf={(template) => template.name}
      scrollX={900}
      texts={{
        keyword: t('packageTemplate.keyword'),
        add: t('packageTemplate.add'),
        confirmDelete: (name) => t('packageTemplate.confirmDelete', { name }),
        confirmDeleteSelected: (count) => t('packageTemplate.confirmDeleteSelected', { count }),
        deleted: (count) => t('packageTemplate.deleted', { count }),
      }}
      columns={[
        {
          title: t('packageTemplate.name'),
          dataIndex: 'name',
          render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
        },
        { title: t('packageTemplate.quantity'), dataIndex: 'quantity', width: 110, align: 'right' },
        {
          title: t('packageTemplate.size'),
          key: 'size',
          width: 200,
          render: (_value, template) => <span data-testid="template-size">{formatSize(template)}</span>,
        },
        {
          title: t('parcel.weight'),
          dataIndex: 'weight',
          width: 130,
          align: 'right',
          render: (weight: number, template) => `${weight} ${unitsFor(template.unit).massUnit}`,
        },
        { title: t('packageTemplate.unit'), dataIndex: 'unit', width: 110 },
      ]}
      Editor={TemplateEditor}
    />
  );
}
