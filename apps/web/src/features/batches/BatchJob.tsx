import { formatCents } from '@parcelport/shared';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Progress, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import {
  type EstimatedService,
  isJobFinished,
  type JobItem,
  type JobStatus,
  type JobView,
  jobProgress,
  parseItemMessage,
} from '../../api/volume';
import { Money } from '../../components/Money';
import { shownName } from '../../i18n';
import { NO_VALUE } from '../../utils/shown';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 500;

const STATUS_COLORS: Record<JobStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  cancelled: 'warning',
  failed: 'error',
};

/** The failures of a finished job, with the reason of each. */
function JobFailures({ jobId, count }: { jobId: number; count: number }) {
  const { t } = useTranslation();
  const failures = useQuery({
    queryKey: ['jobs', jobId, 'items', 'failed'],
    queryFn: () =>
      call(volumeContracts.listJobItems, {
        params: { id: jobId },
        query: { page: 1, pageSize: 1000, status: 'failed' },
      }),
  });
  const list = failures.data?.list ?? [];
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text strong>{t('batch.failures', { count })}</Typography.Text>
      <Table<JobItem>
        rowKey="orderId"
        size="small"
        loading={failures.isFetching}
        dataSource={list}
        pagination={list.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        data-testid="job-failures"
        onRow={(item) => ({ 'data-testid': `job-failure-${item.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('orderList.orderNo'), dataIndex: 'orderNo', width: 190 },
          {
            title: t('batch.reason'),
            dataIndex: 'message',
            render: (message: string | null) => (
              <Typography.Text type="danger">{message || t('request.error')}</Typography.Text>
            ),
          },
        ]}
      />
      {(failures.data?.total ?? 0) > list.length && (
        <Typography.Text type="secondary">
          {t('batch.moreFailures', { count: (failures.data?.total ?? 0) - list.length })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * A batch job's progress: done / failed / left, updated by asking the server every 500 ms until the job
 * ends; a cancel button while it runs; at the end the failures with their reasons.
 */
export function JobProgressPanel({
  jobId,
  onFinished,
  pollMs = JOB_POLL_MS,
}: {
  jobId: number;
  onFinished?: (job: JobView) => void;
  pollMs?: number;
}) {
  const { t } = useTranslation();
  const job = useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => jobProgress(jobId),
    refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : pollMs),
    refetchIntervalInBackground: true,
  });
  const cancel = useMutation({
    mutationFn: () => call(volumeContracts.cancelJob, { params: { id: jobId } }),
    onSuccess: () => void job.refetch(),
  });
  const data = job.data;
  const finished = isJobFinished(data?.status);
  const reported = useRef(false);
  useEffect(() => {
    if (finished && data && !reported.current) {
      reported.current = true;
      onFinished?.(data);
    }
  }, [finished, data, onFinished]);

  const total = data?.total ?? 0;
  const processed = (data?.done ?? 0) + (data?.failed ?? 0);
  const percent = total === 0 ? 0 : Math.floor((processed / total) * 100);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="job-progress">
      <Space wrap>
        <Typography.Text type="secondary">{t('batch.job', { id: jobId })}</Typography.Text>
        {data && (
          <Tag color={STATUS_COLORS[data.status]} data-testid="job-status" data-status={data.status}>
            {t(`batch.status.${data.status}`)}
          </Tag>
        )}
      </Space>
      <Progress
        percent={percent}
        success={{ percent: total === 0 ? 0 : Math.floor(((data?.done ?? 0) / total) * 100) }}
        status={finished ? (data?.failed ? 'exception' : 'success') : 'active'}
        format={() => `${processed} / ${total}`}
      />
      <Row gutter={16}>
        <Col span={8}>
          <Statistic
            title={t('batch.done')}
            value={data?.done ?? 0}
            styles={{ content: { color: '#00b42a' } }}
            data-testid="job-done"
          />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('batch.failed')}
            value={data?.failed ?? 0}
            styles={{ content: { color: data?.failed ? '#f53f3f' : undefined } }}
            data-testid="job-failed"
          />
        </Col>
        <Col span={8}>
          <Statistic title={t('batch.left')} value={data?.left ?? 0} data-testid="job-left" />
        </Col>
      </Row>
      {!finished && (
        <Button danger loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="job-cancel">
          {t('batch.cancel')}
        </Button>
      )}
      {finished && data?.status === 'cancelled' && (
        <Alert type="warning" showIcon title={t('batch.cancelled', { left: data.left })} data-testid="job-cancelled" />
      )}
      {finished && data && data.failed > 0 && <JobFailures jobId={jobId} count={data.failed} />}
    </Space>
  );
}

/** A bought label of a batch (the message of a done labels item). */
interface BoughtLabel {
  trackingNo?: string;
  /** Cents, as the job records it. */
  rate?: number | string;
  serviceName?: string;
  /** Why the batch's rate-shopping choice picked this service, in the words of the language it was started in. */
  choiceReason?: string;
}

const moneyOf = (rate: number | string | undefined) =>
  typeof rate === 'number' ? formatCents(rate) : typeof rate === 'string' && rate ? rate : null;

/** A finished job's items 50 to a page, its done ones or all, with the pagination that turns the pages. */
function useItemPages(jobId: number, which: 'done' | 'all') {
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: ['jobs', jobId, 'items', which, page],
    queryFn: () =>
      call(volumeContracts.listJobItems, {
        params: { id: jobId },
        query: {
          ...(which === 'done' ? { status: 'done' as const } : {}),
          page,
          pageSize: 50,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: page,
    pageSize: 50,
    total: items.data?.total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setPage,
  };
  return { items, pagination };
}

/** The orders a finished labels job bought: tracking number, service and rate. */
export function LabelsSummary({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const { items, pagination } = useItemPages(jobId, 'done');
  return (
    <Table<JobItem>
      rowKey="orderId"
      size="small"
      loading={items.isFetching}
      dataSource={items.data?.list ?? []}
      data-testid="labels-summary"
      pagination={pagination}
      columns={[
        { title: t('orderList.orderNo'), dataIndex: 'orderNo', width: 180 },
        {
          title: t('orderList.trackingNo'),
          key: 'tracking',
          render: (_v, item) => parseItemMessage<BoughtLabel>(item.message)?.trackingNo ?? NO_VALUE,
        },
        {
          title: t('orderList.service'),
          key: 'service',
          render: (_v, item) => shownName(parseItemMessage<BoughtLabel>(item.message)?.serviceName ?? NO_VALUE),
        },
        {
          title: t('orderList.charges'),
          key: 'rate',
          align: 'right',
          render: (_v, item) => {
            const rate = moneyOf(parseItemMessage<BoughtLabel>(item.message)?.rate);
            return rate ? <Money amount={rate} /> : NO_VALUE;
          },
        },
        {
          title: t('batch.why'),
          key: 'why',
          render: (_v, item) => parseItemMessage<BoughtLabel>(item.message)?.choiceReason ?? NO_VALUE,
        },
      ]}
    />
  );
}

function ServiceCell({ line, days }: { line: EstimatedService | undefined; days?: boolean }) {
  const { t } = useTranslation();
  if (!line) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{shownName(line.serviceName)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <Money amount={formatCents(line.totalCents)} />
        {days && line.deliveryDays !== null ? ` · ${t('batch.days', { count: line.deliveryDays })}` : ''}
      </Typography.Text>
    </Space>
  );
}

/** Per order of a finished estimate job: its cheapest and its fastest service, or why it has none. */
export function EstimateSummary({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const { items, pagination } = useItemPages(jobId, 'all');
  return (
    <Table<JobItem>
      rowKey="orderId"
      size="small"
      loading={items.isFetching}
      dataSource={items.data?.list ?? []}
      data-testid="estimate-summary"
      onRow={(item) => ({ 'data-testid': `estimate-row-${item.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
      pagination={pagination}
      columns={[
        { title: t('orderList.orderNo'), dataIndex: 'orderNo', width: 170 },
        {
          title: t('batch.cheapest'),
          key: 'cheapest',
          onCell: (item) => ({ colSpan: item.status === 'done' ? 1 : 3 }),
          render: (_v, item) => {
            if (item.status !== 'done') {
              return <Typography.Text type="danger">{item.message || t('request.error')}</Typography.Text>;
            }
            const lines = parseItemMessage<EstimatedService[]>(item.message) ?? [];
            return <ServiceCell line={lines.find((line) => line.available && line.cheapest)} />;
          },
        },
        {
          title: t('batch.fastest'),
          key: 'fastest',
          onCell: (item) => ({ colSpan: item.status === 'done' ? 1 : 0 }),
          render: (_v, item) => {
            const lines = parseItemMessage<EstimatedService[]>(item.message) ?? [];
            return <ServiceCell line={lines.find((line) => line.available && line.fastest)} days />;
          },
        },
        {
          title: t('batch.available'),
          key: 'available',
          width: 110,
          onCell: (item) => ({ colSpan: item.status === 'done' ? 1 : 0 }),
          render: (_v, item) => {
            const lines = parseItemMessage<EstimatedService[]>(item.message) ?? [];
            return `${lines.filter((line) => line.available).length} / ${lines.length}`;
          },
        },
      ]}
    />
  );
}
