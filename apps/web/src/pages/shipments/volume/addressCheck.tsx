import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AddressBatchResult, type AddressCheckResult, validateAddresses } from '../../../api/volume';
import { AddressStatusTag } from '../../../components/AddressStatusTag';

/** The outcome of a batch address check: counts, then each order that needs a look with its note. */
function AddressResult({ result }: { result: AddressBatchResult }) {
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

/** The batch address check of the selected orders: the list shows each order's new address state, a dialog the outcome. */
export function useAddressCheck(ids: number[]) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => validateAddresses(ids),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      modal.info({
        title: t('address.result.title', { count: result.results.length }),
        width: 720,
        content: <AddressResult result={result} />,
      });
    },
  });
}
