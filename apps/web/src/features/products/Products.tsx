import * as productsContracts from '@parcelport/shared/contracts/products/index';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { listProducts, PRODUCTS_KEY, type Product, type ProductInput } from '../../api/desk';
import { type RecordEditorProps, RecordList } from '../../components/RecordList';
import { RecordModal } from '../../components/RecordModal';
import { NO_VALUE } from '../../utils/shown';
import { sizeText } from '../../utils/size';
import { useTemplateChoices } from '../templates';

interface ProductValues {
  sku: string;
  name: string;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  massUnit: 'lb' | 'oz' | 'kg' | 'g';
  distanceUnit: 'in' | 'cm';
  templateId: number | null;
  hsCode: string;
  originCountry: string;
}

const FIELD_NAMES = ['sku', 'name', 'weight', 'length', 'width', 'height', 'massUnit', 'distanceUnit', 'templateId'];
const SIDES = ['length', 'width', 'height'] as const;

function ProductFields() {
  const { t } = useTranslation();
  const templates = useTemplateChoices();
  return (
    <Row gutter={12}>
      <Col xs={24} md={10}>
        <Form.Item
          name="sku"
          label={t('products.sku')}
          rules={[{ required: true, whitespace: true, message: t('products.skuRequired') }]}
        >
          <Input maxLength={80} autoComplete="off" data-testid="product-sku" />
        </Form.Item>
      </Col>
      <Col xs={24} md={14}>
        <Form.Item name="name" label={t('products.name')}>
          <Input maxLength={200} autoComplete="off" data-testid="product-name" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="weight" label={t('parcel.weight')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="product-weight" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="massUnit" label={t('products.massUnit')}>
          <Select
            aria-label={t('products.massUnit')}
            data-testid="product-mass-unit"
            options={['lb', 'oz', 'kg', 'g'].map((unit) => ({ value: unit, label: unit }))}
          />
        </Form.Item>
      </Col>
      {templates.mayList && (
        <Col xs={24} md={12}>
          <Form.Item name="templateId" label={t('products.template')} tooltip={t('products.templateHint')}>
            <Select
              allowClear
              aria-label={t('products.template')}
              data-testid="product-template"
              options={templates.choices}
            />
          </Form.Item>
        </Col>
      )}
      {SIDES.map((side) => (
        <Col xs={8} md={6} key={side}>
          <Form.Item name={side} label={t(`parcel.${side}`)}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid={`product-${side}`} />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24} md={6}>
        <Form.Item name="distanceUnit" label={t('products.distanceUnit')}>
          <Select
            aria-label={t('products.distanceUnit')}
            options={['in', 'cm'].map((unit) => ({ value: unit, label: unit }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={12}>
        <Form.Item name="hsCode" label={t('products.hsCode')} tooltip={t('products.customsHint')}>
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={12} md={12}>
        <Form.Item name="originCountry" label={t('products.originCountry')}>
          <Input maxLength={2} autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}

function ProductEditor({ open, record, onClose, onSaved }: RecordEditorProps<Product>) {
  const { t } = useTranslation();
  return (
    <RecordModal<ProductValues>
      open={open}
      testId="product"
      title={record ? t('products.editTitle', { sku: record.sku }) : t('products.addTitle')}
      initialValues={() => ({
        sku: record?.sku ?? '',
        name: record?.name ?? '',
        weight: record?.weight ?? null,
        length: record?.length ?? null,
        width: record?.width ?? null,
        height: record?.height ?? null,
        massUnit: record?.massUnit ?? 'lb',
        distanceUnit: record?.distanceUnit ?? 'in',
        templateId: record?.templateId ?? null,
        hsCode: record?.customs.hsCode ?? '',
        originCountry: record?.customs.originCountry ?? '',
      })}
      fieldNames={FIELD_NAMES}
      save={(values) => {
        const input: ProductInput = {
          sku: values.sku.trim(),
          name: values.name,
          weight: values.weight ?? 0,
          length: values.length ?? 0,
          width: values.width ?? 0,
          height: values.height ?? 0,
          massUnit: values.massUnit,
          distanceUnit: values.distanceUnit,
          templateId: values.templateId ?? null,
          customs: {
            description: record?.customs.description ?? '',
            hsCode: values.hsCode,
            originCountry: values.originCountry,
            value: record?.customs.value ?? '0',
          },
        };
        return record
          ? call(productsContracts.updateProduct, { params: { id: record.id }, body: input })
          : call(productsContracts.createProduct, { body: input });
      }}
      savedText={t('products.saved')}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProductFields />
    </RecordModal>
  );
}

const sizeOf = (product: Product) => (product.length > 0 ? sizeText(product, product.distanceUnit) : NO_VALUE);

/**
 * /settings/products (issue 30): the merchant's products by SKU, filled from its stores' items and its
 * imports; an order with no parcel of its own gets one from its items' presets.
 */
export default function Products() {
  const { t } = useTranslation();
  return (
    <RecordList<Product>
      testId="product-list"
      title={t('menu.settings.products')}
      queryKey={PRODUCTS_KEY}
      list={listProducts}
      remove={(ids: number[]) => call(productsContracts.deleteProducts, { body: { ids } })}
      nameOf={(product) => product.sku}
      scrollX={900}
      texts={{
        keyword: t('products.keyword'),
        add: t('products.add'),
        confirmDelete: (name) => t('products.confirmDelete', { name }),
        confirmDeleteSelected: (count) => t('products.confirmDeleteSelected', { count }),
        deleted: (count) => t('products.deleted', { count }),
      }}
      columns={[
        {
          title: t('products.sku'),
          dataIndex: 'sku',
          render: (sku: string) => <Typography.Text strong>{sku}</Typography.Text>,
        },
        { title: t('products.name'), dataIndex: 'name' },
        {
          title: t('parcel.weight'),
          dataIndex: 'weight',
          width: 120,
          align: 'right',
          render: (weight: number, product) => (weight > 0 ? `${weight} ${product.massUnit}` : NO_VALUE),
        },
        {
          title: t('products.size'),
          key: 'size',
          width: 200,
          render: (_value, product) => <span data-testid="product-size">{sizeOf(product)}</span>,
        },
      ]}
      Editor={ProductEditor}
    />
  );
}
