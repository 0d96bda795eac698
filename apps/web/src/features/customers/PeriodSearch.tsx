import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A keyword and a period of whole days: `from` the first day, `to` the day after the last (exclusive). */
export interface PeriodFilter {
  keyword?: string;
  from?: string;
  to?: string;
}

interface Values {
  keyword?: string;
  period?: [Dayjs, Dayjs] | null;
}

/** The search bar of the lists that show figures for a period (proxies, overseas warehouses). */
export function PeriodSearch({
  testId,
  onSearch,
  extra,
}: {
  testId: string;
  onSearch: (filter: PeriodFilter) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = (values: Values) => {
    const [first, last] = values.period ?? [];
    onSearch({
      keyword: values.keyword?.trim() || undefined,
      from: first?.format('YYYY-MM-DD'),
      to: last?.add(1, 'day').format('YYYY-MM-DD'),
    });
  };
  return (
    <Form<Values> form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={submit}>
      <Form.Item name="keyword" label={t('users.keyword')}>
        <Input allowClear placeholder={t('users.keywordPlaceholder')} data-testid={`${testId}-keyword`} />
      </Form.Item>
      <Form.Item name="period" label={t('period.label')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} data-testid={`${testId}-period`} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-submit`}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
