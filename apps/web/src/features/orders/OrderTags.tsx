import * as tagsContracts from '@parcelport/shared/contracts/tags/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { type Tag as OrderTag, TAGS_KEY } from '../../api/desk';

/** An order's tags, each in its colour (issue 30). */
export function OrderTags({ tags }: { tags: readonly OrderTag[] }) {
  return (
    <Space size={2} wrap data-testid="order-tags">
      {tags.map((tag) => (
        <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0 }}>
          {tag.name}
        </Tag>
      ))}
    </Space>
  );
}

/** The merchant's tags as options of a select. */
export function useTagOptions() {
  const tags = useQuery({ queryKey: [TAGS_KEY], queryFn: () => call(tagsContracts.listTags, {}), staleTime: 30_000 });
  return (tags.data ?? []).map((tag) => ({
    value: tag.id,
    title: tag.name,
    label: (
      <Tag color={tag.color} data-testid={`tag-option-${tag.name}`}>
        {tag.name}
      </Tag>
    ),
  }));
}

/** Puts a chosen tag on the selected orders at once; the list is read again after. */
export function BulkTagPicker({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const options = useTagOptions();
  const apply = useMutation({
    mutationFn: (tagId: number) => call(tagsContracts.setOrderTags, { body: { ids, add: [tagId], remove: [] } }),
    onSuccess: ({ updated }) => {
      message.success(t('tags.applied', { count: updated }));
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      onDone();
    },
  });
  return (
    <Select<number>
      style={{ width: 170 }}
      value={null}
      disabled={ids.length === 0 || options.length === 0}
      placeholder={t('tags.apply')}
      aria-label={t('tags.apply')}
      options={options}
      loading={apply.isPending}
      onChange={(tagId) => apply.mutate(tagId)}
      data-testid="orders-bulk-tag"
    />
  );
}
