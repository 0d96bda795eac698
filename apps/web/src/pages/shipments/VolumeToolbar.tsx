import {
  CalculatorOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FilePdfOutlined,
  FileZipOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Modal,
  Popover,
  Radio,
  Select,
  Space,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LabelNameBy, myServices, type OrderFilter, type OrderListItem } from '../../api/orders';
import {
  type AddressBatchResult,
  type AddressCheckResult,
  type BatchStrategy,
  downloadLabelsPdf,
  downloadLabelsZip,
  downloadManifest,
  exportOrders,
  type JobView,
  type Selection,
  startBatchEstimate,
  startBatchLabels,
  validateAddresses,
} from '../../api/volume';
import { AddressStatusTag } from '../../components/AddressStatusTag';
import { useSessionStore } from '../../stores/session';
import { EstimateSummary, JobProgressPanel, LabelsSummary } from './BatchJob';

export const IMPORT_PATH = '/shipments/import';

/** The batch tools of one list route (SPEC §2: allWaybills and transported have downloads and checks). */
export interface VolumeTools {
  /** Batch rate and batch labels: for orders that can still be bought. */
  buy: boolean;
  /** Labels as a zip or one merged PDF. */
  labels: boolean;
  manifest: boolean;
  addresses: boolean;
  export: boolean;
}

export function volumeToolsFor(routeName: string): VolumeTools {
  const tools: Record<string, Partial<VolumeTools>> = {
    allWaybills: { buy: true, labels: true, manifest: true, addresses: true },
    draft: { buy: true, addresses: true },
    failWaybill: { buy: true, addresses: true },
    transported: { labels: true, manifest: true, addresses: true },
    transportation: { labels: true },
    Delivered: { labels: true },
  };
  return { buy: false, labels: false, manifest: false, addresses: false, export: true, ...tools[routeName] };
}

/** Whether a route's tools act on a row selection. */
export const selectsRows = (tools: VolumeTools) => tools.buy || tools.addresses || tools.labels || tools.manifest;

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

type StrategyChoice = BatchStrategy | 'service';

/** Batch labels: choose how each order's service is picked, confirm, then watch the job. */
function BatchLabelsModal({
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
  const [jobId, setJobId] = useState<number | null>(null);
  const [finished, setFinished] = useState<JobView | null>(null);
  const services = useQuery({
    queryKey: ['orders', 'myServices'],
    queryFn: myServices,
    staleTime: 60_000,
    enabled: open,
  });
  const start = useMutation({
    mutationFn: () =>
      startBatchLabels({
        ids: orders.map((order) => order.id),
        strategy: choice === 'fastest' ? 'fastest' : 'cheapest',
        serviceId: choice === 'service' ? serviceId : undefined,
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
          disabled={choice === 'service' && !serviceId}
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
              <Radio value="service" data-testid="batch-strategy-service">
                {t('batch.strategy.service')}
              </Radio>
            </Space>
          </Radio.Group>
          {choice === 'service' && (
            <Select
              style={{ width: '100%' }}
              placeholder={t('batch.chooseService')}
              value={serviceId}
              onChange={setServiceId}
              loading={services.isFetching}
              options={(services.data ?? []).map((service) => ({
                value: service.serviceId,
                label: `${service.serviceName} · ${service.channelName}`,
              }))}
              data-testid="batch-service"
            />
          )}
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

/** Batch rate: the job's progress, then each order's cheapest and fastest service. */
function BatchRateModal({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [finished, setFinished] = useState(false);
  const onFinished = useCallback(() => setFinished(true), []);
  const close = () => {
    setFinished(false);
    onClose();
  };
  return (
    <Modal
      open={jobId !== null}
      title={t('batch.rate.title')}
      onCancel={close}
      width={860}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close} data-testid="batch-rate-close">
          {t('common.close')}
        </Button>
      }
    >
      {jobId !== null && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="batch-rate">
          <JobProgressPanel jobId={jobId} onFinished={onFinished} />
          {finished && <EstimateSummary jobId={jobId} />}
        </Space>
      )}
    </Modal>
  );
}

/** The manifest: of the selected labels, or (nothing selected) of one day's labels. */
function ManifestButton({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const manifest = useMutation({
    mutationFn: (target: { ids: number[] } | { date: string }) => downloadManifest(target),
    onSuccess: () => setOpen(false),
  });
  if (ids.length > 0) {
    return (
      <Button
        icon={<PrinterOutlined />}
        loading={manifest.isPending}
        onClick={() => manifest.mutate({ ids })}
        data-testid="volume-manifest"
      >
        {t('volume.manifest')}
      </Button>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('volume.manifest.day')}
      content={
        <Space>
          <DatePicker value={date} onChange={(value) => value && setDate(value)} allowClear={false} />
          <Button
            type="primary"
            loading={manifest.isPending}
            onClick={() => manifest.mutate({ date: date.format('YYYY-MM-DD') })}
            data-testid="volume-manifest-create"
          >
            {t('volume.manifest.create')}
          </Button>
        </Space>
      }
    >
      <Button icon={<PrinterOutlined />} data-testid="volume-manifest">
        {t('volume.manifest')}
      </Button>
    </Popover>
  );
}

/**
 * The order lists' volume tools (SPEC §2, §4): batch rate and batch labels as jobs with progress, labels
 * as a zip (named by order or tracking number) or one merged PDF, the manifest, the xlsx export and the
 * batch address check. Downloads take the selection, or every order the filters match when none is selected.
 */
export function VolumeToolbar({
  tools,
  selected,
  filter,
  nameBy,
  onSelectionDone,
}: {
  tools: VolumeTools;
  selected: OrderListItem[];
  filter: OrderFilter;
  nameBy: LabelNameBy;
  onSelectionDone: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [labelsFor, setLabelsFor] = useState<OrderListItem[]>([]);
  const [rateJob, setRateJob] = useState<number | null>(null);
  const ids = selected.map((order) => order.id);
  const selection: Selection = ids.length > 0 ? { ids } : { filter };
  const none = ids.length === 0;

  const rate = useMutation({
    mutationFn: () => startBatchEstimate(ids),
    onSuccess: ({ jobId }) => setRateJob(jobId),
  });
  const zip = useMutation({ mutationFn: () => downloadLabelsZip(selection, nameBy) });
  const pdf = useMutation({ mutationFn: () => downloadLabelsPdf(selection) });
  const exported = useMutation({ mutationFn: () => exportOrders({ filter }) });
  const addresses = useMutation({
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
  const scope = none ? t('volume.scope.filter') : t('volume.scope.selected', { count: ids.length });

  return (
    <>
      <Space wrap data-testid="volume-toolbar">
        {tools.buy && (
          <>
            <Tooltip title={none ? t('volume.selectFirst') : undefined}>
              <Button
                icon={<CalculatorOutlined />}
                disabled={none}
                loading={rate.isPending}
                onClick={() => rate.mutate()}
                data-testid="volume-rate"
              >
                {t('volume.rate')}
              </Button>
            </Tooltip>
            <Tooltip title={none ? t('volume.selectFirst') : undefined}>
              <Button
                type="primary"
                icon={<ShoppingCartOutlined />}
                disabled={none}
                onClick={() => {
                  setLabelsFor(selected);
                  setLabelsOpen(true);
                }}
                data-testid="volume-labels"
              >
                {t('volume.labels')}
              </Button>
            </Tooltip>
          </>
        )}
        {tools.labels && (
          <>
            <Tooltip title={scope}>
              <Button
                icon={<FileZipOutlined />}
                loading={zip.isPending}
                onClick={() => zip.mutate()}
                data-testid="volume-zip"
              >
                {t('volume.zip')}
              </Button>
            </Tooltip>
            <Tooltip title={scope}>
              <Button
                icon={<FilePdfOutlined />}
                loading={pdf.isPending}
                onClick={() => pdf.mutate()}
                data-testid="volume-pdf"
              >
                {t('volume.pdf')}
              </Button>
            </Tooltip>
          </>
        )}
        {tools.manifest && <ManifestButton ids={ids} />}
        {tools.addresses && (
          <Tooltip title={none ? t('volume.selectFirst') : undefined}>
            <Button
              icon={<EnvironmentOutlined />}
              disabled={none}
              loading={addresses.isPending}
              onClick={() => addresses.mutate()}
              data-testid="volume-addresses"
            >
              {t('volume.addresses')}
            </Button>
          </Tooltip>
        )}
        {tools.export && (
          <Tooltip title={t('volume.export.hint')}>
            <Button
              icon={<DownloadOutlined />}
              loading={exported.isPending}
              onClick={() => exported.mutate()}
              data-testid="volume-export"
            >
              {t('export.xlsx')}
            </Button>
          </Tooltip>
        )}
      </Space>
      <BatchLabelsModal
        orders={labelsFor}
        open={labelsOpen}
        nameBy={nameBy}
        onClose={() => {
          setLabelsOpen(false);
          onSelectionDone();
        }}
      />
      <BatchRateModal jobId={rateJob} onClose={() => setRateJob(null)} />
    </>
  );
}
