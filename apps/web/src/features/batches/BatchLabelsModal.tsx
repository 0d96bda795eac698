import { FileZipOutlined } from '@ant-design/icons';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { LabelNameBy, OrderListItem } from '../../api/orders';
import { type BatchStrategy, downloadLabelsZip, type JobView } from '../../api/volume';
import { shownName } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { BatchCostPanel } from './BatchCostPanel';
import { JobProgressPanel, LabelsSummary } from './BatchJob';
import { BatchRiskPanel } from './BatchRiskPanel';
import type { BatchChoice } from './batchCost';

type StrategyChoice = BatchStrategy | 'within' | 'service';

/**
 * Batch labels: choose how each order's service is picked, see what it will cost (count, total, balance
 * after) and what it risks (orders held for review, corrections the carrier will likely bill), confirm, then
 * watch the job.
 */
export function BatchLabelsModal({
  orders,
  open,
  onClose,
  nameBy,
}: {
  orders: OrderListItem[];
  open: boolean;
  onClose: () => void;
  nameBy: LabelNameBy;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const [choice, setChoice] = useState<StrategyChoice>('cheapest');
  const [serviceId, setServiceId] = useState<number | undefined>();
  const [withinDays, setWithinDays] = useState<number | null>(3);
  const [jobId, setJobId] = useState<number | null>(null);
  const [finished, setFinished] = useState<JobView | null>(null);
  const services = useQuery({
    queryKey: ['orders', 'myServices'],
    queryFn: () => call(channelsContracts.myServices, {}),
    staleTime: 60_000,
    enabled: open,
  });
  const start = useMutation({
    mutationFn: () =>
      call(volumeContracts.startBatchLabels, {
        body: {
          ids: orders.map((order) => order.id),
          strategy: choice === 'fastest' ? 'fastest' : 'cheapest',
          serviceId: choice === 'service' ? serviceId : undefined,
          choice: choice === 'within' && withinDays ? { kind: 'cheapestWithin', days: withinDays } : undefined,
        },
      }),
    onSuccess: ({ jobId }) => setJobId(jobId),
  });
  const onFinished = useCallback(
    (job: JobView) => {
      setFinished(job);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
    },
    [queryClient, fetchUserInfo],
  );
  const picked: BatchChoice | null =
    choice === 'service'
      ? serviceId
        ? { strategy: 'service', serviceId }
        : null
      : choice === 'within'
        ? withinDays
          ? { strategy: 'within', days: withinDays }
          : null
        : { strategy: choice };
  const zip = useMutation({
    mutationFn: () => downloadLabelsZip({ ids: orders.map((order) => order.id) }, nameBy),
  });
  const close = () => {
    onClose();
    setJobId(null);
    setFinished(null);
    start.reset();
  };

  const footer =
    jobId === null ? (
      <Space>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          loading={start.isPending}
          disabled={picked === null}
          onClick={() => start.mutate()}
          data-testid="batch-labels-start"
        >
          {t('batch.labels.start', { count: orders.length })}
        </Button>
      </Space>
    ) : (
      <Space>
        {finished && finished.done > 0 && (
          <Button
            icon={<FileZipOutlined />}
            loading={zip.isPending}
            onClick={() => zip.mutate()}
            data-testid="batch-labels-zip"
          >
            {t('volume.zip')}
          </Button>
        )}
        <Button type={finished ? 'primary' : 'default'} onClick={close} data-testid="batch-labels-close">
          {finished ? t('common.close') : t('batch.hide')}
        </Button>
      </Space>
    );

  return (
    <Modal
      open={open}
      title={t('batch.labels.title', { count: orders.length })}
      onCancel={close}
      footer={footer}
      width={720}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {jobId === null ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="batch-labels-choose">
          <Typography.Text>{t('batch.labels.how')}</Typography.Text>
          <Radio.Group value={choice} onChange={(event) => setChoice(event.target.value)} data-testid="batch-strategy">
            <Space orientation="vertical">
              <Radio value="cheapest" data-testid="batch-strategy-cheapest">
                {t('batch.strategy.cheapest')}
              </Radio>
              <Radio value="fastest" data-testid="batch-strategy-fastest">
                {t('batch.strategy.fastest')}
              </Radio>
              <Radio value="within" data-testid="batch-strategy-within">
                <Space>
                  {t('batch.strategy.within')}
                  <InputNumber
                    min={1}
                    max={60}
                    precision={0}
                    size="small"
                    value={withinDays}
                    onChange={setWithinDays}
                    onFocus={() => setChoice('within')}
                    aria-label={t('batch.withinDays')}
                    data-testid="batch-within-days"
                  />
                  {t('batch.withinDaysUnit')}
                </Space>
              </Radio>
              <Radio value="service" data-testid="batch-strategy-service">
                {t('batch.strategy.service')}
              </Radio>
            </Space>
          </Radio.Group>
          <Typography.Text type="secondary" data-testid="batch-rule-hint">
            {t('batch.ruleChoiceHint')}
          </Typography.Text>
          {choice === 'service' && (
            <Select
              style={{ width: '100%' }}
              placeholder={t('batch.chooseService')}
              value={serviceId}
              onChange={setServiceId}
              loading={services.isFetching}
              options={(services.data ?? []).map((service) => ({
                value: service.serviceId,
                label: `${shownName(service.serviceName)} · ${shownName(service.channelName)}`,
              }))}
              data-testid="batch-service"
            />
          )}
          {open && <BatchCostPanel orders={orders} choice={picked} />}
          {open && <BatchRiskPanel orders={orders} />}
          <Alert type="info" showIcon title={t('batch.labels.confirm', { count: orders.length })} />
        </Space>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="batch-labels-running">
          <JobProgressPanel jobId={jobId} onFinished={onFinished} />
          {finished && finished.done > 0 && <LabelsSummary jobId={jobId} />}
        </Space>
      )}
    </Modal>
  );
}
