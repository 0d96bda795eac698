import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, type FormInstance, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The filters both order lists share (the user's and the staff's); a screen adds its own. */
export interface OrderFilterValues {
  keyword?: string;
  status?: number;
  channelId?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The shared filters as a list query: the keyword trimmed (empty: none), the date range as from/to days. */
export function orderFilterOf(values: OrderFilterValues) {
  return {
    keyword: values.keyword?.trim() || undefined,
    status: values.status,
    channelId: values.channelId,
    from: values.dates?.[0]?.format('YYYY-MM-DD'),
    to: values.dates?.[1]?.format('YYYY-MM-DD'),
  };
}

/**
 * An order list's filter form: the fields it is given (in their order), then search and reset. Test ids are
 * `<prefix>-search` and `<prefix>-reset`; reset empties the form, then `onReset` runs.
 */
export function OrderFilters<V extends OrderFilterValues>({
  form,
  prefix,
  initialValues,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance<V>;
  prefix: string;
  initialValues?: Partial<V>;
  onFinish: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<V>
      form={form}
      initialValues={initialValues}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={onFinish}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${prefix}-search`}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
            data-testid={`${prefix}-reset`}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

interface FieldProps {
  label: string;
  /** Test id: `<prefix>-keyword`, `-status`, `-channel`, `-dates`. */
  prefix: string;
}

interface PickProps<V> extends FieldProps {
  placeholder: string;
  width: number;
  options: { value: V; label: ReactNode }[];
}

export function KeywordFilter({
  label,
  prefix,
  placeholder,
  width,
}: FieldProps & { placeholder: string; width: number }) {
  return (
    <Form.Item name="keyword" label={label}>
      <Input allowClear placeholder={placeholder} style={{ width }} data-testid={`${prefix}-keyword`} />
    </Form.Item>
  );
}

export function StatusFilter({ label, prefix, placeholder, width, options }: PickProps<number>) {
  return (
    <Form.Item name="status" label={label}>
      <Select
        allowClear
        style={{ width }}
        placeholder={placeholder}
        options={options}
        data-testid={`${prefix}-status`}
      />
    </Form.Item>
  );
}

export function ChannelFilter({ label, prefix, placeholder, width, options }: PickProps<number>) {
  return (
    <Form.Item name="channelId" label={label}>
      <Select
        allowClear
        style={{ width }}
        placeholder={placeholder}
        options={options}
        data-testid={`${prefix}-channel`}
      />
    </Form.Item>
  );
}

export function DatesFilter({ label, prefix }: FieldProps) {
  return (
    <Form.Item name="dates" label={label}>
      <DatePicker.RangePicker allowEmpty={[true, true]} data-testid={`${prefix}-dates`} />
    </Form.Item>
  );
}
