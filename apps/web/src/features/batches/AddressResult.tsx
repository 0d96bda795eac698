import { Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AddressBatchResult, AddressCheckResult } from '../../api/volume';
import { AddressStatusTag } from '../../components/AddressStatusTag';

/** The outcome of a batch address check: counts, then each order that needs a look with its note. */
export function AddressResult({ result }: { result: AddressBatchResult }) {
  const { t } = useTranslation();
  const flagged = result.results.filter((item) => item.status !== 1);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="address-result">
      <Space size={32}>
        <Statistic title={t('address.status.1')} value={result.valid} data-testid="address-valid" />
        <Statistic title={t('address.status.2')} value={result.corrected} data-testid="address-corrected" />
        <Statistic title={t('address.status.3')} value={result.invalid} data-testid="address-invalid" />
      </Space>
      {flagged.length > 0 && (
        <Table<AddressCheckResult>
          rowKey="id"
          size="small"
          dataSource={flagged}
          pagination={flagged.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
          columns={[
            { title: t('orderList.orderNo'), dataIndex: 'orderNo', width: 170 },
            {
              title: t('address.column'),
              dataIndex: 'status',
              width: 130,
              render: (status: number, item) => <AddressStatusTag status={status} note={item.note} />,
            },
            { title: t('address.note'), dataIndex: 'note' },
          ]}
        />
      )}
    </Space>
  );
}
