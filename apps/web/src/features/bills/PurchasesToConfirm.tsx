import { ReloadOutlined } from '@ant-design/icons';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import {
  settlePurchaseBody,
  type UnconfirmedPurchase,
} from '@parcelport/shared/contracts/orders/unconfirmed-purchases';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Radio, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { TestTag } from '../../components/ModeTag';
import { Money } from '../../components/Money';
import { stackedTitle } from '../../components/orderColumns';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { shownName } from '../../i18n';
import { schemaRule } from '../../utils/schemaRule';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { OrderDetailDrawer } from '../orders';

const trackingNumberRule = schemaRule(settlePurchaseBody.shape.trackingNumbers.element);

/**
 * Purchases to confirm (a tab of /maintenance/unRefundedOrder): purchases cut off at a carrier that cannot be
 * asked afterwards whether it issued a label (USPS). Staff look the order number up in the carrier account
 * and settle each: the labels found (one tracking number per parcel) complete the order with its charge;
 * none found refunds the merchant in full.
 */
export function PurchasesToConfirm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<UnconfirmedPurchase | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const purchases = useQuery({
    queryKey: ['unconfirmedPurchases'],
    queryFn: () => call(ordersContracts.listUnconfirmedPurchases, {}),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['unconfirmedPurchases'] });

  const columns: TableColumnsType<UnconfirmedPurchase> = [
    {
      title: t('waybills.orderNo'),
      dataIndex: 'orderNo',
      width: 200,
      render: (orderNo: string, row) => (
        <Space size={4}>
          <Typography.Link copyable={{ text: orderNo }} onClick={() => setDetailId(row.id)}>
            {orderNo}
          </Typography.Link>
          {/* A test label's purchase is marked so (issue 31): the key's mode is shown wherever it acts. */}
          {row.isTest && <TestTag testId="unconfirmed-test" />}
        </Space>
      ),
    },
    { title: t('unRefunded.customer'), dataIndex: 'username', width: 200 },
    // Issue 14: the service under its channel, so the list fits 1440 px; its own column is offered in the
    // table settings.
    {
      title: stackedTitle(t('unRefunded.channel'), t('unRefunded.service')),
      dataIndex: 'channelName',
      width: 180,
      render: (name: string, row) => (
        <Space orientation="vertical" size={0}>
          {shownName(name)}
          {row.serviceName && <Typography.Text type="secondary">{shownName(row.serviceName)}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('unRefunded.service'),
      dataIndex: 'serviceName',
      width: 160,
      hidden: true,
      render: (name: string | null) => (name ? shownName(name) : NO_VALUE),
    },
    { title: t('unRefunded.parcels'), dataIndex: 'parcelCount', width: 90, align: 'right' },
    {
      title: t('unRefunded.charged'),
      dataIndex: 'rate',
      width: 110,
      align: 'right',
      render: (value: string) => <Money amount={value} />,
    },
    {
      title: t('unRefunded.waitingSince'),
      dataIndex: 'unconfirmedSince',
      width: 160,
      render: shownMinute,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Button size="small" type="primary" onClick={() => setSettling(row)} data-testid={`settle-${row.orderNo}`}>
          {t('unRefunded.settle')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="unrefunded-unconfirmed">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          {t('carriers.reload')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('unRefunded.unconfirmedHint')}</Typography.Paragraph>
      <ArrangedTable<UnconfirmedPurchase>
        list="purchasesToConfirm"
        rowKey="id"
        columns={columns}
        dataSource={purchases.data ?? []}
        loading={purchases.isFetching}
        data-testid="unconfirmed-list"
        onRow={(row) => ({ 'data-testid': `unconfirmed-row-${row.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={false}
      />
      {settling && (
        <SettleModal
          purchase={settling}
          onClose={() => setSettling(null)}
          onSettled={async () => {
            setSettling(null);
            await refresh();
          }}
        />
      )}
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}

interface SettleForm {
  outcome: 'found' | 'none';
  trackingNumbers: string[];
}

function SettleModal({
  purchase,
  onClose,
  onSettled,
}: {
  purchase: UnconfirmedPurchase;
  onClose: () => void;
  onSettled: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettleForm>();
  const outcome = Form.useWatch('outcome', form);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // A field the form refuses shows its message where it is; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const trackingNumbers = values.outcome === 'found' ? values.trackingNumbers.map((value) => value.trim()) : [];
      await call(ordersContracts.settleUnconfirmedPurchase, { params: { id: purchase.id }, body: { trackingNumbers } });
      message.success(t(values.outcome === 'found' ? 'unRefunded.settledFound' : 'unRefunded.settledNone'));
      await onSettled();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('unRefunded.settleTitle', { orderNo: purchase.orderNo })}
      okText={t('unRefunded.settle')}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, danger: outcome === 'none', ...{ 'data-testid': 'settle-submit' } }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('unRefunded.settleHint', { orderNo: purchase.orderNo, channel: shownName(purchase.channelName) })}
      />
      <Form<SettleForm>
        form={form}
        layout="vertical"
        initialValues={{ outcome: 'found', trackingNumbers: Array.from({ length: purchase.parcelCount }, () => '') }}
      >
        <Form.Item name="outcome" label={t('unRefunded.outcome')}>
          <Radio.Group
            data-testid="settle-outcome"
            options={[
              { value: 'found', label: t('unRefunded.outcomeFound') },
              { value: 'none', label: t('unRefunded.outcomeNone') },
            ]}
          />
        </Form.Item>
        {outcome === 'none' ? (
          <Typography.Text type="danger">{t('unRefunded.outcomeNoneHint', { amount: purchase.rate })}</Typography.Text>
        ) : (
          <Form.List name="trackingNumbers">
            {(fields) =>
              fields.map((field, index) => (
                <Form.Item
                  key={field.key}
                  name={field.name}
                  label={t('unRefunded.parcelTracking', { n: index + 1 })}
                  rules={[{ required: true, message: t('unRefunded.trackingRequired') }, trackingNumberRule]}
                >
                  <Input data-testid={`settle-tracking-${index}`} autoComplete="off" />
                </Form.Item>
              ))
            }
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}
