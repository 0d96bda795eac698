import { formatCents, parseMoney } from '@parcelport/shared';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { OrderListItem } from '../../api/orders';
import { isJobFinished, type JobItem, jobProgress } from '../../api/volume';
import { Money } from '../../components/Money';
import { useSessionStore } from '../../stores/session';
import { JOB_POLL_MS } from './BatchJob';
import { type BatchChoice, batchCost } from './batchCost';

/** Every item of a finished job, a thousand to a page. */
async function allItems(jobId: number): Promise<JobItem[]> {
  const items: JobItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(volumeContracts.listJobItems, {
      params: { id: jobId },
      query: { page, pageSize: 1000 },
    });
    items.push(...answer.list);
    if (items.length >= answer.total || answer.list.length === 0) return items;
  }
}

/**
 * What a batch of labels will cost before anything is charged, as the single buy shows it: the orders are
 * priced by a batch estimate when the dialog opens, then the count, the total for the chosen way of picking
 * services, the balance and the balance after.
 */
export function BatchCostPanel({ orders, choice }: { orders: OrderListItem[]; choice: BatchChoice | null }) {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const ids = orders.map((order) => order.id);
  // One estimate per dialog: it prices every service, so changing the choice needs no new one.
  const started = useQuery({
    queryKey: ['batchCost', ids],
    queryFn: () => call(volumeContracts.startBatchEstimate, { body: { ids } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const jobId = started.data?.jobId;
  const job = useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => jobProgress(jobId as number),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : JOB_POLL_MS),
  });
  const finished = isJobFinished(job.data?.status);
  const items = useQuery({
    queryKey: ['jobs', jobId, 'items', 'every'],
    queryFn: () => allItems(jobId as number),
    enabled: finished,
  });

  if (started.isError) return null;
  if (!items.data || !choice) {
    const total = job.data?.total ?? ids.length;
    const processed = (job.data?.done ?? 0) + (job.data?.failed ?? 0);
    return (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="batch-cost-pricing">
        <Typography.Text type="secondary">{t('batch.cost.pricing', { count: ids.length })}</Typography.Text>
        <Progress percent={total === 0 ? 0 : Math.floor((processed / total) * 100)} size="small" />
      </Space>
    );
  }

  const tests = new Set(orders.filter((order) => order.isTest).map((order) => order.id));
  const cost = batchCost(items.data, choice, tests);
  const balance = parseMoney(userInfo?.balance ?? '0') ?? 0;
  const spendable = balance + (parseMoney(userInfo?.creditLimit ?? '0') ?? 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="batch-cost">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'count',
            label: t('batch.cost.count'),
            children: <span data-testid="batch-cost-count">{cost.priced}</span>,
          },
          {
            key: 'total',
            label: t('rates.total'),
            children: (
              <Typography.Text strong data-testid="batch-cost-total">
                <Money amount={formatCents(cost.totalCents)} />
              </Typography.Text>
            ),
          },
          {
            key: 'balance',
            label: t('newOrder.buyConfirm.balance'),
            children: <Money amount={formatCents(balance)} />,
          },
          {
            key: 'after',
            label: t('newOrder.buyConfirm.after'),
            children: (
              <span data-testid="batch-cost-after">
                <Money amount={formatCents(balance - cost.totalCents)} />
              </span>
            ),
          },
        ]}
      />
      {cost.unpriced > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('batch.cost.unpriced', { count: cost.unpriced })}
          data-testid="batch-cost-unpriced"
        />
      )}
      {cost.totalCents > spendable && (
        <Alert type="warning" showIcon title={t('newOrder.buyConfirm.short')} data-testid="batch-cost-short" />
      )}
      {tests.size > 0 && (
        <Typography.Text type="secondary">{t('batch.cost.tests', { count: tests.size })}</Typography.Text>
      )}
    </Space>
  );
}
