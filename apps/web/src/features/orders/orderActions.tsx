import { ORDER_STATUS } from '@parcelport/shared';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as trackingContracts from '@parcelport/shared/contracts/tracking/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/call';
import { type BulkResult, downloadLabel, type LabelNameBy, type OrderListItem } from '../../api/orders';
import { downloadLabelsPdf } from '../../api/volume';
import { detailPath, editPath } from '../../utils/orderPaths';

const S = ORDER_STATUS;

export type BulkAction = 'cancel' | 'restore' | 'backToDraft' | 'releaseHold';

/** What each order state allows (docs/spec.md §4 actions, as the server's calls accept them). */
export const ACTIONS_BY_STATUS = {
  /** Edit and buy: a draft, or a failed order after fixing it. */
  edit: [S.draft, S.failed] as number[],
  /** A bought label can be downloaded while the order stands. */
  download: [S.pendingTransport, S.inTransit, S.delivered, S.cancelling] as number[],
  cancel: [S.pendingTransport] as number[],
  restore: [S.cancelling] as number[],
  backToDraft: [S.cancelled, S.failed, S.voided] as number[],
};

export const can = (action: keyof typeof ACTIONS_BY_STATUS, order: Pick<OrderListItem, 'status'>) =>
  ACTIONS_BY_STATUS[action].includes(order.status);

const BULK_CALLS: Record<BulkAction, (ids: number[]) => Promise<BulkResult[]>> = {
  cancel: (ids: number[]) => call(ordersContracts.cancelOrders, { body: { ids } }),
  restore: (ids: number[]) => call(ordersContracts.restoreOrders, { body: { ids } }),
  backToDraft: (ids: number[]) => call(ordersContracts.backToDraft, { body: { ids } }),
  releaseHold: (ids: number[]) => call(ordersContracts.releaseHold, { body: { ids } }),
};

/**
 * The order actions of docs/spec.md §4 as mutations that report each order's outcome (the bulk calls answer per
 * id) and refresh the lists, the detail and the balance.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['orders'] });

  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: number[]; orderNos?: Record<number, string> }) =>
      BULK_CALLS[action](ids),
    onSuccess: (results, { action, orderNos = {} }) => {
      void refresh();
      const failed = results.filter((result) => !result.ok);
      const done = results.length - failed.length;
      if (failed.length === 0) {
        void message.success({
          content: <span data-testid="order-action-done">{t(`orderAction.${action}.done`, { count: done })}</span>,
        });
        return;
      }
      modal.warning({
        title: t('orderAction.partial', { done, failed: failed.length }),
        content: (
          <ul style={{ paddingInlineStart: 18, margin: 0 }} data-testid="order-action-failures">
            {failed.map((result) => (
              <li key={result.id}>
                <Typography.Text strong>{orderNos[result.id] ?? `#${result.id}`}</Typography.Text>
                {t('common.colon')}
                {result.message ?? t('request.error')}
              </li>
            ))}
          </ul>
        ),
      });
    },
  });

  const copy = useMutation({
    mutationFn: (order: Pick<OrderListItem, 'id'>) => call(ordersContracts.copyOrder.app, { body: { id: order.id } }),
    onSuccess: (draft) => {
      void refresh();
      void message.success({
        content: <span data-testid="order-copied">{t('orderAction.copy.done', { orderNo: draft.orderNo })}</span>,
      });
      navigate(editPath(draft.orderId));
    },
  });

  const download = useMutation({
    mutationFn: ({ order, nameBy }: { order: Pick<OrderListItem, 'id' | 'orderNo' | 'tackNo'>; nameBy: LabelNameBy }) =>
      downloadLabel(order, nameBy),
  });
  // The label followed by the order's 4x6 packing slip, to print together.
  const downloadWithSlip = useMutation({
    mutationFn: (order: Pick<OrderListItem, 'id'>) => downloadLabelsPdf({ ids: [order.id] }, true),
  });

  // The label's public tracking page link (issue 28), put on the clipboard for the merchant to send.
  const copyTrackingLink = useMutation({
    mutationFn: async (order: Pick<OrderListItem, 'id'>) => {
      const [link] = await call(trackingContracts.listTrackingLinks, { query: { orderIds: String(order.id) } });
      if (!link) throw new Error('no tracking page');
      await navigator.clipboard.writeText(link.url);
      return link.url;
    },
    onSuccess: () => {
      void message.success({ content: <span data-testid="tracking-link-copied">{t('trackingLink.copied')}</span> });
    },
    onError: () => {
      void message.error(t('trackingLink.copyFailed'));
    },
  });

  return { bulk, copy, download, downloadWithSlip, copyTrackingLink };
}

/** How downloaded label files are named: by order number or by tracking number. */
export function LabelNameBySwitch({ value, onChange }: { value: LabelNameBy; onChange: (value: LabelNameBy) => void }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <Typography.Text type="secondary">{t('orderAction.nameBy')}</Typography.Text>
      <Segmented<LabelNameBy>
        size="small"
        value={value}
        onChange={onChange}
        data-testid="label-name-by"
        options={[
          {
            value: 'orderNo',
            label: <span data-testid="label-name-by-orderNo">{t('orderAction.nameBy.orderNo')}</span>,
          },
          {
            value: 'trackingNo',
            label: <span data-testid="label-name-by-trackingNo">{t('orderAction.nameBy.trackingNo')}</span>,
          },
        ]}
      />
    </Space>
  );
}

/** The actions one order allows in its state, as buttons (a list row, the detail page). */
export function OrderActions({
  order,
  nameBy,
  showDetail = true,
  size = 'small',
  confirmInPlace = false,
}: {
  order: OrderListItem;
  nameBy: LabelNameBy;
  showDetail?: boolean;
  size?: 'small' | 'middle';
  /**
   * The confirmations open below their button, right-aligned (above when there is no room below), inside
   * the button's own box rather than at the end of the page: a page whose sections still arrive above
   * them moves the popup with its button, so its OK stays on screen (the order detail's header). Not for
   * rows of a table that scrolls sideways, whose box would clip the popup.
   */
  confirmInPlace?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bulk, copy, download, downloadWithSlip, copyTrackingLink } = useOrderActions();
  const type = size === 'small' ? 'link' : 'default';
  const confirmed = (action: BulkAction, testId: string, danger = false) => (
    <Popconfirm
      title={t(`orderAction.${action}.confirm`, { orderNo: order.orderNo })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
      {...(confirmInPlace
        ? {
            placement: 'bottomRight' as const,
            getPopupContainer: (trigger: HTMLElement) => trigger.parentElement ?? document.body,
          }
        : {})}
      onConfirm={() => bulk.mutateAsync({ action, ids: [order.id], orderNos: { [order.id]: order.orderNo } })}
    >
      <Button type={type} size={size} danger={danger} data-testid={testId}>
        {t(`orderAction.${action}`)}
      </Button>
    </Popconfirm>
  );

  return (
    <Space size={size === 'small' ? 0 : 8} wrap>
      {can('edit', order) && (
        <Button
          type={size === 'small' ? 'link' : 'primary'}
          size={size}
          onClick={() => navigate(editPath(order.id))}
          data-testid="order-action-edit"
        >
          {t('orderAction.edit')}
        </Button>
      )}
      {can('download', order) && order.tackNo && (
        <Button
          type={type}
          size={size}
          loading={download.isPending && download.variables?.order.id === order.id}
          onClick={() => download.mutate({ order, nameBy })}
          data-testid="order-action-download"
        >
          {t('orderAction.download')}
        </Button>
      )}
      {!showDetail && can('download', order) && order.tackNo && (
        <Button
          type={type}
          size={size}
          loading={downloadWithSlip.isPending}
          onClick={() => downloadWithSlip.mutate(order)}
          data-testid="order-action-download-slip"
        >
          {t('orderAction.downloadWithSlip')}
        </Button>
      )}
      {showDetail && can('download', order) && order.tackNo && (
        <Button
          type={type}
          size={size}
          loading={copyTrackingLink.isPending && copyTrackingLink.variables?.id === order.id}
          onClick={() => copyTrackingLink.mutate(order)}
          data-testid="order-action-tracking-link"
        >
          {t('trackingLink.copyShort')}
        </Button>
      )}
      {can('cancel', order) && confirmed('cancel', 'order-action-cancel', true)}
      {can('restore', order) && confirmed('restore', 'order-action-restore')}
      {can('backToDraft', order) && confirmed('backToDraft', 'order-action-back-to-draft')}
      {order.heldForReview && can('edit', order) && confirmed('releaseHold', 'order-action-release-hold')}
      <Button
        type={type}
        size={size}
        loading={copy.isPending && copy.variables?.id === order.id}
        onClick={() => copy.mutate(order)}
        data-testid="order-action-copy"
      >
        {t('orderAction.copy')}
      </Button>
      {showDetail && (
        <Link to={detailPath(order.id)} data-testid="order-action-detail" style={{ padding: '0 7px' }}>
          {t('orderAction.detail')}
        </Link>
      )}
    </Space>
  );
}
