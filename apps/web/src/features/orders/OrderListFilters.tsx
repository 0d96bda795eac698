import { Form, type FormInstance, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderFilter } from '../../api/orders';
import { useOrderStatusOptions } from '../../components/OrderStatusTag';
import {
  ChannelFilter,
  DatesFilter,
  KeywordFilter,
  OrderFilters,
  type OrderFilterValues,
  orderFilterOf,
  StatusFilter,
} from './OrderFilters';
import { useTagOptions } from './OrderTags';

export interface FilterValues extends OrderFilterValues {
  batchNo?: string;
  /** The merchant's tag (issue 30). */
  tagId?: number;
  /** The returns filter: return labels alone, or outbound labels alone (issue 28). */
  kind?: 'label' | 'return';
}

/**
 * The merchant's order list's filters: keyword, status (on the list of every status), channel, dates, batch,
 * tag and kind; `onFilter` is told the filter searched for, or an empty one on a reset.
 */
export function OrderListFilters({
  form,
  phone,
  initialBatchNo,
  allStatuses,
  channels,
  onFilter,
}: {
  form: FormInstance<FilterValues>;
  /** A phone's drawer stacks the fields. */
  phone: boolean;
  initialBatchNo?: string;
  allStatuses: boolean;
  /** The channels of the merchant's services: id and name. */
  channels: [number, string][];
  onFilter: (filter: OrderFilter) => void;
}) {
  const { t } = useTranslation();
  const statusOptions = useOrderStatusOptions();
  const tagOptions = useTagOptions();
  return (
    <OrderFilters<FilterValues>
      prefix="orders"
      form={form}
      layout={phone ? 'vertical' : 'inline'}
      initialValues={{ batchNo: initialBatchNo }}
      onFinish={(values) => {
        const { from, to, ...shared } = orderFilterOf(values);
        onFilter({
          ...shared,
          batchNo: values.batchNo?.trim() || undefined,
          kind: values.kind,
          tagId: values.tagId ?? undefined,
          from,
          to,
        });
      }}
      onReset={() => onFilter({})}
    >
      <KeywordFilter label={t('orderList.keyword')} placeholder={t('orderList.keywordPlaceholder')} width={260} />
      {allStatuses && (
        <StatusFilter
          label={t('field.status')}
          placeholder={t('orderList.allStatuses')}
          width={150}
          options={statusOptions}
        />
      )}
      <ChannelFilter
        label={t('orderList.channel')}
        placeholder={t('orderList.allChannels')}
        width={180}
        options={channels.map(([value, label]) => ({ value, label }))}
      />
      <DatesFilter label={t('orderList.dates')} />
      <Form.Item name="batchNo" label={t('orderList.batchNo')}>
        <Input allowClear style={{ width: 140 }} data-testid="orders-batch" />
      </Form.Item>
      <Form.Item name="tagId" label={t('tags.filter')}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={tagOptions}
          optionFilterProp="title"
          aria-label={t('tags.filter')}
          data-testid="orders-tag"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('orderList.kind')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('orderList.allKinds')}
          options={[
            { value: 'label', label: t('orderList.kindLabel') },
            { value: 'return', label: t('orderList.kindReturn') },
          ]}
          data-testid="orders-kind"
        />
      </Form.Item>
    </OrderFilters>
  );
}
