import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { billedBody } from '@parcelport/shared/contracts/orders/schemas';
import {
  Alert,
  App,
  type ButtonProps,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../../../api/adminOrders';
import { call } from '../../../api/call';
import { Money } from '../../../components/Money';
import { shownName } from '../../../i18n';
import { schemaRule } from '../../../utils/schemaRule';
import { NO_VALUE } from '../../../utils/shown';

interface BillValues {
  cost: string;
  billedOz?: number | null;
  wrongDimensions: boolean;
}

/**
 * Settles an order with the carrier's bill (real cost, billed weight, wrong size/weight): the price is
 * worked out again at that cost; the answer shows the difference charged or refunded and the penalty.
 */
export function BillModal({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrder | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BillValues>();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ difference: string; penalty: string } | null>(null);

  useEffect(() => {
    if (order) {
      form.resetFields();
      form.setFieldsValue({ cost: '', billedOz: null, wrongDimensions: false });
      setResult(null);
    }
  }, [order, form]);

  const submit = async () => {
    if (!order) return;
    if (result) {
      onClose();
      return;
    }
    let values: BillValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await call(ordersContracts.settleBill, {
        body: {
          id: order.id,
          cost: values.cost.trim(),
          ...(values.billedOz ? { billedOz: values.billedOz } : {}),
          wrongDimensions: values.wrongDimensions,
        },
      });
      setResult(answer);
      message.success(t('waybills.bill.settled'));
      onDone();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  const difference = result ? Number(result.difference) : 0;
  return (
    <Modal
      open={order !== null}
      title={t('waybills.bill.title')}
      okText={result ? t('common.close') : t('waybills.bill.settle')}
      cancelText={t('common.cancel')}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      okButtonProps={{ 'data-testid': 'bill-ok' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <div data-testid="bill-modal">
        {order && (
          <Descriptions
            size="small"
            bordered
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'orderNo', label: t('waybills.orderNo'), children: order.orderNo },
              { key: 'service', label: t('waybills.service'), children: shownName(order.serviceName ?? NO_VALUE) },
              {
                key: 'rate',
                label: t('waybills.rate'),
                children: order.rate ? <Money amount={order.rate} /> : NO_VALUE,
              },
              { key: 'earnest', label: t('waybills.earnest'), children: <Money amount={order.earnest} /> },
            ]}
          />
        )}
        <Form<BillValues> form={form} layout="vertical" disabled={result !== null}>
          <Form.Item
            name="cost"
            label={t('waybills.bill.cost')}
            extra={t('waybills.bill.costHint')}
            rules={[{ required: true, message: t('carriers.required') }, schemaRule(billedBody.shape.cost)]}
          >
            <Input prefix="$" inputMode="decimal" autoComplete="off" data-testid="bill-cost" />
          </Form.Item>
          <Form.Item name="billedOz" label={t('waybills.bill.billedOz')} extra={t('waybills.bill.billedOzHint')}>
            <InputNumber min={1} precision={0} suffix="oz" style={{ width: 200 }} data-testid="bill-oz" />
          </Form.Item>
          <Form.Item name="wrongDimensions" valuePropName="checked" extra={t('waybills.bill.wrongHint')}>
            <Checkbox data-testid="bill-wrong">{t('waybills.bill.wrongDimensions')}</Checkbox>
          </Form.Item>
        </Form>
        {result && (
          <Alert
            type={difference > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="bill-result"
            title={t('waybills.bill.resultTitle')}
            description={
              <div>
                <div data-testid="bill-difference">
                  {difference > 0
                    ? t('waybills.bill.charged')
                    : difference < 0
                      ? t('waybills.bill.refunded')
                      : t('waybills.bill.noDifference')}{' '}
                  {difference !== 0 && (
                    <Typography.Text strong>
                      <Money amount={result.difference.replace('-', '')} />
                    </Typography.Text>
                  )}
                </div>
                <div data-testid="bill-penalty">
                  {t('waybills.bill.penalty')}{' '}
                  <Typography.Text strong>
                    <Money amount={result.penalty} />
                  </Typography.Text>
                </div>
              </div>
            }
          />
        )}
      </div>
    </Modal>
  );
}
