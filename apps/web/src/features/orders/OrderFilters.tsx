import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesField } from './DatesField';

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

/** The test id prefix of the filter form the fields stand in. */
const Prefix = createContext('orders');

/**
 * An order list's filter form: the fields it is given (in their order), then search and reset. Test ids are
 * `<prefix>-search`, `<prefix>-reset` and `<prefix>-<field>` for the fields below; reset empties the form,
 * then `onReset` runs.
 */
export function OrderFilters<V extends OrderFilterValues>({
  form,
  prefix,
  layout = 'inline',
  initialValues,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance<V>;
  prefix: string;
  /** Inline above a table; vertical in a phone's filter drawer. */
  layout?: 'inline' | 'vertical';
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
      layout={layout}
      style={layout === 'inline' ? { marginBottom: 16, rowGap: 8 } : undefined}
      onFinish={onFinish}
    >
      <Prefix value={prefix}>{children}</Prefix>
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
}

interface PickProps extends FieldProps {
  placeholder: string;
  width: number;
  options: { value: number; label: ReactNode }[];
}

export function KeywordFilter({ label, placeholder, width }: FieldProps & { placeholder: string; width: number }) {
  return (
    <Form.Item name="keyword" label={label}>
      <Input allowClear placeholder={placeholder} style={{ width }} data-testid={`${useContext(Prefix)}-keyword`} />
    </Form.Item>
  );
}

/** A pick of one value (test id `<prefix>-<what>`). */
function PickFilter({ name, what, label, placeholder, width, options }: PickProps & { name: string; what: string }) {
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        style={{ width }}
        placeholder={placeholder}
        options={options}
        data-testid={`${useContext(Prefix)}-${what}`}
      />
    </Form.Item>
  );
}

export const StatusFilter = (props: PickProps) => <PickFilter name="status" what="status" {...props} />;

export const ChannelFilter = (props: PickProps) => <PickFilter name="channelId" what="channel" {...props} />;

export function DatesFilter({ label }: FieldProps) {
  return (
    <Form.Item name="dates" label={label}>
      <DatesField testId={`${useContext(Prefix)}-dates`} />
    </Form.Item>
  );
}
