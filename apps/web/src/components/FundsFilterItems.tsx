import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { walletOptions } from './funds';

/** Filter bar fields shared by the list screens (fund details, recharge records, work orders). */

/** Staff: the user keyword (the email contains it). */
export function UserKeywordItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="keyword" label={t('funds.userKeyword')}>
      <Input allowClear placeholder={t('funds.userKeywordPlaceholder')} data-testid="filter-keyword" />
    </Form.Item>
  );
}

/** The wallet (USD or CNY); `placeholder` names what an empty choice shows. */
export function WalletItem({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="currency" label={t('recharge.wallet')}>
      <Select
        allowClear
        style={{ width: 110 }}
        placeholder={placeholder}
        options={walletOptions}
        data-testid="filter-currency"
      />
    </Form.Item>
  );
}

/** A select of one field, empty meaning any (`placeholder` names what an empty choice shows). */
export function SelectFilterItem<Value extends string | number>({
  name,
  label,
  options,
  placeholder,
  width = 140,
  testId,
}: {
  name: string;
  label: string;
  options: { value: Value; label: ReactNode }[];
  placeholder: string;
  width?: number;
  testId: string;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} placeholder={placeholder} options={options} data-testid={testId} />
    </Form.Item>
  );
}

/** A date range, either end open. */
export function PeriodItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="period" label={t('funds.period')}>
      <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="filter-period" />
    </Form.Item>
  );
}

/** Search (submits the form), reset, then the bar's extras (its export). */
export function FilterActions({ onReset, children }: { onReset: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-submit">
          {t('common.search')}
        </Button>
        <Button onClick={onReset} data-testid="filter-reset">
          {t('common.reset')}
        </Button>
        {children}
      </Space>
    </Form.Item>
  );
}
