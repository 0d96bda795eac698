import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  RedoOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { WORK_ORDER_STATUS } from '@parcelport/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Descriptions,
  Divider,
  Form,
  Input,
  Result,
  Space,
  Spin,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { UploadedFile } from '../../api/attachments';
import { ApiError } from '../../api/request';
import {
  changeWorkOrder,
  replyToWorkOrder,
  WORK_ORDERS_KEY,
  type WorkOrderAction,
  type WorkOrderDesk,
  type WorkOrderDetail,
  workOrderDetail,
} from '../../api/workOrders';
import { FileUpload } from '../../components/FileUpload';
import { SectionTitle } from '../../components/SectionTitle';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { shownMinute } from '../../utils/shown';
import { WorkOrderStatusTag, workOrderListPath } from './options';
import { WaybillCell } from './WaybillCell';
import { WorkOrderThread } from './WorkOrderThread';

const W = WORK_ORDER_STATUS;

interface ReplyValues {
  content: string;
  attachment?: UploadedFile | null;
}

/** The reply box: text (required) and an optional file; Ctrl/⌘+Enter sends. */
function ReplyBox({ onSend }: { onSend: (values: ReplyValues) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReplyValues>();
  const [sending, setSending] = useState(false);

  const send = async (values: ReplyValues) => {
    setSending(true);
    try {
      await onSend(values);
      form.resetFields();
    } catch (error) {
      applyServerFieldErrors(form, error, ['content']);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<ReplyValues> form={form} layout="vertical" onFinish={(values) => void send(values)} data-testid="reply-form">
      <Form.Item
        name="content"
        label={t('workOrder.replyLabel')}
        rules={[{ required: true, whitespace: true, message: t('workOrder.replyRequired') }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={5000}
          showCount
          placeholder={t('workOrder.replyPlaceholder')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
          }}
          data-testid="reply-content"
        />
      </Form.Item>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}
      >
        <Form.Item name="attachment" noStyle>
          <FileUpload variant="button" testIdPrefix="reply-attachment" />
        </Form.Item>
        <Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('workOrder.sendHint')}
          </Typography.Text>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} data-testid="reply-send">
            {t('workOrder.send')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}

/**
 * One work order, for either desk: subject, details, the waybill, the conversation and the reply box, and
 * the actions its state allows (docs/spec.md §4: closed after confirmation, reopened; cancelled by the merchant).
 */
export function WorkOrderPage({ desk }: { desk: WorkOrderDesk }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The lists link to …/:id; docs/spec.md's own paths (/settings/reply, /settings/replyService) carry ?id=.
  const [search] = useSearchParams();
  const id = Number(useParams().id ?? search.get('id'));
  const [busy, setBusy] = useState<WorkOrderAction | null>(null);
  const queryKey = [WORK_ORDERS_KEY, desk, 'detail', id];
  const detail = useQuery({
    queryKey,
    queryFn: () => workOrderDetail(desk, id),
    enabled: Number.isInteger(id) && id > 0,
    // The other side may answer or close it meanwhile: look again now and then while it is open.
    refetchInterval: (query) => (query.state.data?.status === W.processing ? 30_000 : false),
  });
  /** A refused move (422: the other side closed or reopened it meanwhile) shows the state as it is now. */
  const refreshAfter = (error: unknown) => {
    if (error instanceof ApiError && error.code === 422) void detail.refetch();
  };
  const order = detail.data;

  const took = (next: WorkOrderDetail) => {
    queryClient.setQueryData(queryKey, next);
    // The lists show the new state and latest reply next time they are opened.
    void queryClient.invalidateQueries({ queryKey: [WORK_ORDERS_KEY, desk], refetchType: 'none' });
  };

  const act = async (action: WorkOrderAction) => {
    setBusy(action);
    try {
      took(await changeWorkOrder(desk, id, action));
      message.success(<span data-testid={`work-order-${action}-done`}>{t(`workOrder.done.${action}`)}</span>);
    } catch (error) {
      // the request client has said why
      refreshAfter(error);
    } finally {
      setBusy(null);
    }
  };

  const confirm = (action: 'close' | 'cancel') =>
    modal.confirm({
      title: t(`workOrder.confirm.${action}Title`),
      content: t(`workOrder.confirm.${action}Text`, { ticketNo: order?.ticketNo }),
      okText: t(`workOrder.action.${action}`),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'cancel', 'data-testid': `work-order-${action}-ok` } as ButtonProps,
      cancelButtonProps: { 'data-testid': `work-order-${action}-dismiss` } as ButtonProps,
      onOk: () => act(action),
    });

  const reply = async (values: { content: string; attachment?: UploadedFile | null }) => {
    const next = await replyToWorkOrder(desk, id, {
      content: values.content.trim(),
      attachmentId: values.attachment?.id,
    }).catch((error: unknown) => {
      refreshAfter(error);
      throw error;
    });
    took(next);
    message.success(<span data-testid="reply-sent">{t('workOrder.replySent')}</span>);
  };

  const back = (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={() => navigate(workOrderListPath(desk))}
      data-testid="work-order-back"
    >
      {desk === 'customer' ? t('workOrder.backToList') : t('workOrder.backToQueue')}
    </Button>
  );

  if (detail.isError) {
    return <Result status="404" title={t('workOrder.notFound')} extra={back} data-testid="work-order-not-found" />;
  }
  if (!order) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const processing = order.status === W.processing;
  // docs/spec.md §4: close and cancel (the merchant's) while being processed, reopen once closed.
  const available: { action: WorkOrderAction; icon: ReactNode; run: () => void }[] = [
    ...(processing ? [{ action: 'close' as const, icon: <CheckCircleOutlined />, run: () => confirm('close') }] : []),
    ...(processing && desk === 'customer'
      ? [{ action: 'cancel' as const, icon: <CloseCircleOutlined />, run: () => confirm('cancel') }]
      : []),
    ...(order.status === W.closed
      ? [{ action: 'reopen' as const, icon: <RedoOutlined />, run: () => void act('reopen') }]
      : []),
  ];
  const actions = available.map(({ action, icon, run }) => (
    <Button
      key={action}
      danger={action === 'cancel'}
      icon={icon}
      loading={busy === action}
      onClick={run}
      data-testid={`work-order-${action}`}
    >
      {t(`workOrder.action.${action}`)}
    </Button>
  ));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid={`work-order-page-${desk}`}>
      <Card
        title={
          <Space size={10} wrap style={{ paddingBlock: 12 }}>
            <SectionTitle look={4} style={{ margin: 0 }} data-testid="work-order-title">
              {order.subject}
            </SectionTitle>
            <WorkOrderStatusTag status={order.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {actions}
            {back}
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          data-testid="work-order-details"
          items={[
            {
              key: 'ticketNo',
              label: t('workOrder.ticketNo'),
              children: (
                <Typography.Text copyable data-testid="work-order-ticket">
                  {order.ticketNo}
                </Typography.Text>
              ),
            },
            {
              key: 'type',
              label: t('workOrder.typeLabel'),
              children: t(`workOrder.type.${order.type}`, { defaultValue: order.type }),
            },
            ...(desk === 'service'
              ? [
                  {
                    key: 'merchant',
                    label: t('workOrder.merchant'),
                    children: (
                      <span data-testid="work-order-merchant">
                        {order.user.username}
                        {order.user.name ? ` (${order.user.name})` : ''}
                      </span>
                    ),
                  },
                ]
              : []),
            {
              key: 'waybill',
              label: t('workOrder.waybill'),
              children: <WaybillCell waybill={order.waybill} link={desk === 'customer'} />,
            },
            { key: 'createdAt', label: t('workOrder.createdAt'), children: shownMinute(order.createdAt) },
            { key: 'updatedAt', label: t('workOrder.updatedAt'), children: shownMinute(order.updatedAt) },
          ]}
        />
      </Card>
      <Card title={t('workOrder.conversation')} data-testid="work-order-conversation">
        <WorkOrderThread order={order} desk={desk} />
        <Divider style={{ marginBlock: 24 }} />
        <div>
          {processing ? (
            <ReplyBox onSend={reply} />
          ) : (
            <Alert
              type={order.status === W.closed ? 'success' : 'info'}
              showIcon
              title={t(`workOrder.stateNote.${order.status}`)}
              data-testid="work-order-state-note"
            />
          )}
        </div>
      </Card>
    </Space>
  );
}
