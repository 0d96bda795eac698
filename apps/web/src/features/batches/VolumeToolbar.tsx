import {
  CalculatorOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FilePdfOutlined,
  FileZipOutlined,
  HistoryOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { useMutation } from '@tanstack/react-query';
import { Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { LabelNameBy, OrderFilter, OrderListItem } from '../../api/orders';
import { downloadLabelsPdf, downloadLabelsZip, exportOrders, type Selection } from '../../api/volume';
import { useAddressCheck } from './addressCheck';
import { ManifestButton } from './ManifestButton';
import { SlipsButton } from './SlipsButton';
import { ToolButton } from './ToolButton';

// The batch dialogs (their job progress, summaries and choices) load when a batch is started, not with the list.
const BatchLabelsModal = lazy(() =>
  import('./BatchLabelsModal').then((module) => ({ default: module.BatchLabelsModal })),
);
const BatchRateModal = lazy(() => import('./BatchRateModal').then((module) => ({ default: module.BatchRateModal })));

/** The batch tools of one list route (allWaybills and transported have downloads and checks). */
export interface VolumeTools {
  /** Batch rate and batch labels: for orders that can still be bought. */
  buy: boolean;
  /** Labels as a zip or one merged PDF. */
  labels: boolean;
  /** Packing slips and the pick list: for orders not yet shipped, drafts too. */
  slips: boolean;
  manifest: boolean;
  addresses: boolean;
  export: boolean;
}

export function volumeToolsFor(routeName: string): VolumeTools {
  const tools: Record<string, Partial<VolumeTools>> = {
    allWaybills: { buy: true, labels: true, slips: true, manifest: true, addresses: true },
    draft: { buy: true, slips: true, addresses: true },
    failWaybill: { buy: true, addresses: true },
    transported: { labels: true, slips: true, manifest: true, addresses: true },
    transportation: { labels: true },
    Delivered: { labels: true },
  };
  return {
    buy: false,
    labels: false,
    slips: false,
    manifest: false,
    addresses: false,
    export: true,
    ...tools[routeName],
  };
}

/** Whether a route's tools act on a row selection. */
export const selectsRows = (tools: VolumeTools) =>
  tools.buy || tools.addresses || tools.labels || tools.slips || tools.manifest;

/**
 * The order lists' volume tools: batch rate and batch labels as jobs with progress (volume/), labels as a zip
 * (named by order or tracking number) or one merged PDF, packing slips and the pick list, the manifest, the xlsx export and the batch address
 * check. Downloads take the selection, or every order the filters match when none is selected.
 */
export function VolumeToolbar({
  tools,
  selected,
  filter,
  nameBy,
  matching,
  onSelectionDone,
}: {
  tools: VolumeTools;
  selected: OrderListItem[];
  filter: OrderFilter;
  nameBy: LabelNameBy;
  /** How many orders the filters match (the list's total), which a download takes when none is selected. */
  matching: number | undefined;
  onSelectionDone: () => void;
}) {
  const { t } = useTranslation();
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [labelsFor, setLabelsFor] = useState<OrderListItem[]>([]);
  const [rateJob, setRateJob] = useState<number | null>(null);
  // The last batch rate's results stay at hand after its dialog closes.
  const [lastRateJob, setLastRateJob] = useState<number | null>(null);
  // Once opened a dialog stays mounted, so that it closes with its animation.
  const [labelsUsed, setLabelsUsed] = useState(false);
  const [rateUsed, setRateUsed] = useState(false);
  if (labelsOpen && !labelsUsed) setLabelsUsed(true);
  if (rateJob !== null && !rateUsed) setRateUsed(true);
  const ids = selected.map((order) => order.id);
  const selection: Selection = ids.length > 0 ? { ids } : { filter };
  const none = ids.length === 0;

  const rate = useMutation({
    mutationFn: () => call(volumeContracts.startBatchEstimate, { body: { ids } }),
    onSuccess: ({ jobId }) => {
      setRateJob(jobId);
      setLastRateJob(jobId);
    },
  });
  const zip = useMutation({ mutationFn: () => downloadLabelsZip(selection, nameBy) });
  const pdf = useMutation({ mutationFn: () => downloadLabelsPdf(selection) });
  const pdfWithSlips = useMutation({ mutationFn: () => downloadLabelsPdf(selection, true) });
  const exported = useMutation({ mutationFn: () => exportOrders({ filter }) });
  const addresses = useAddressCheck(ids);
  const scope = none ? t('volume.scope.filter') : t('volume.scope.selected', { count: ids.length });
  const selectFirst = none ? t('volume.selectFirst') : undefined;
  // A download without a selection takes every order the filters match: the button says how many.
  const allMatching = none && matching !== undefined ? ` · ${t('volume.allMatching', { count: matching })}` : '';

  return (
    <>
      <Space wrap data-testid="volume-toolbar">
        {tools.buy && (
          <>
            <ToolButton
              tip={selectFirst}
              icon={<CalculatorOutlined />}
              disabled={none}
              loading={rate.isPending}
              onClick={() => rate.mutate()}
              testId="volume-rate"
            >
              {t('volume.rate')}
            </ToolButton>
            {lastRateJob !== null && (
              <ToolButton icon={<HistoryOutlined />} onClick={() => setRateJob(lastRateJob)} testId="volume-rate-again">
                {t('volume.rateAgain')}
              </ToolButton>
            )}
            <ToolButton
              tip={selectFirst}
              type="primary"
              icon={<ShoppingCartOutlined />}
              disabled={none}
              onClick={() => {
                setLabelsFor(selected);
                setLabelsOpen(true);
              }}
              testId="volume-labels"
            >
              {t('volume.labels')}
            </ToolButton>
          </>
        )}
        {tools.labels && (
          <>
            <ToolButton
              tip={scope}
              icon={<FileZipOutlined />}
              loading={zip.isPending}
              onClick={() => zip.mutate()}
              testId="volume-zip"
            >
              {t('volume.zip')}
              {allMatching}
            </ToolButton>
            <ToolButton
              tip={scope}
              icon={<FilePdfOutlined />}
              loading={pdf.isPending}
              onClick={() => pdf.mutate()}
              testId="volume-pdf"
            >
              {t('volume.pdf')}
              {allMatching}
            </ToolButton>
            <ToolButton
              tip={`${scope} · ${t('volume.pdfWithSlips.hint')}`}
              icon={<FilePdfOutlined />}
              loading={pdfWithSlips.isPending}
              onClick={() => pdfWithSlips.mutate()}
              testId="volume-pdf-slips"
            >
              {t('volume.pdfWithSlips')}
              {allMatching}
            </ToolButton>
          </>
        )}
        {tools.slips && <SlipsButton selection={selection} tip={scope} suffix={allMatching} />}
        {tools.manifest && <ManifestButton ids={ids} mode={filter.mode} />}
        {tools.addresses && (
          <ToolButton
            tip={selectFirst}
            icon={<EnvironmentOutlined />}
            disabled={none}
            loading={addresses.isPending}
            onClick={() => addresses.mutate()}
            testId="volume-addresses"
          >
            {t('volume.addresses')}
          </ToolButton>
        )}
        {tools.export && (
          <ToolButton
            tip={t('volume.export.hint')}
            icon={<DownloadOutlined />}
            loading={exported.isPending}
            onClick={() => exported.mutate()}
            testId="volume-export"
          >
            {t('export.xlsx')}
          </ToolButton>
        )}
      </Space>
      <Suspense fallback={null}>
        {labelsUsed && (
          <BatchLabelsModal
            orders={labelsFor}
            open={labelsOpen}
            nameBy={nameBy}
            onClose={() => {
              setLabelsOpen(false);
              onSelectionDone();
            }}
          />
        )}
        {rateUsed && <BatchRateModal jobId={rateJob} onClose={() => setRateJob(null)} />}
      </Suspense>
    </>
  );
}
