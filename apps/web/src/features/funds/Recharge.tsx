import { type PaymentMethod, WALLETS, type WalletCurrency } from '@parcelport/shared';
import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UploadedFile } from '../../api/attachments';
import { call } from '../../api/call';
import { getPlatformValues } from '../../api/config';
import { FileUpload } from '../../components/FileUpload';
import { amountRules, paymentMethodOptions } from '../../components/funds';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { useSessionStore } from '../../stores/session';
import { WalletSummary } from './WalletSummary';

interface RechargeValues {
  currency: WalletCurrency;
  paymentMethod: PaymentMethod;
  amount: string;
  voucher?: UploadedFile | null;
  remark?: string;
}

export const RECHARGE_RECORD_PATH = '/postage/rechargeRecord';

/** /postage/recharge: a top-up request, credited once staff approve it (docs/spec.md §2, §5, §9). */
export default function Recharge() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RechargeValues>();
  const [submitting, setSubmitting] = useState(false);
  const userInfo = useSessionStore((state) => state.userInfo);
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const currency = Form.useWatch('currency', form) ?? 'USD';
  const method = Form.useWatch('paymentMethod', form);
  const platform = useQuery({ queryKey: ['platformValues'], queryFn: getPlatformValues });

  useEffect(() => {
    // Balances change while the app is open (approvals, charges): show them fresh here.
    fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
  }, [fetchUserInfo]);

  const submit = async (values: RechargeValues) => {
    setSubmitting(true);
    try {
      await call(fundsContracts.submitRecharge, {
        body: {
          currency: values.currency,
          paymentMethod: values.paymentMethod,
          amount: values.amount.trim(),
          voucherId: values.voucher?.id,
          remark: values.remark?.trim() ?? '',
        },
      });
      message.success(<span data-testid="recharge-submitted">{t('recharge.submitted')}</span>);
      navigate(RECHARGE_RECORD_PATH);
    } catch (error) {
      applyServerFieldErrors(form, error, ['currency', 'paymentMethod', 'amount', 'remark']);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Row gutter={[16, 16]} data-testid="recharge-page">
      <Col xs={24} xl={14}>
        <Card title={t('recharge.title')}>
          <Form<RechargeValues>
            form={form}
            layout="vertical"
            initialValues={{ currency: 'USD', remark: '' }}
            onFinish={(values) => void submit(values)}
            style={{ maxWidth: 560 }}
            data-testid="recharge-form"
          >
            <Form.Item
              name="currency"
              label={t('recharge.wallet')}
              rules={[{ required: true, message: t('recharge.walletRequired') }]}
            >
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                data-testid="recharge-currency"
                options={WALLETS.map((wallet) => ({
                  value: wallet,
                  label: <span data-testid={`recharge-currency-${wallet}`}>{wallet}</span>,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="paymentMethod"
              label={t('recharge.paymentMethod')}
              rules={[{ required: true, message: t('recharge.paymentMethodRequired') }]}
            >
              <Select
                placeholder={t('recharge.paymentMethodPlaceholder')}
                options={paymentMethodOptions(t)}
                data-testid="recharge-payment-method"
              />
            </Form.Item>
            {method && platform.data ? (
              // Where to send the money, as the operator wrote it for this method (sysConfig, payees).
              <Alert
                type={platform.data.payees[method] ? 'info' : 'warning'}
                showIcon
                style={{ marginBottom: 24 }}
                title={t('recharge.payeeTitle')}
                description={
                  <span style={{ whiteSpace: 'pre-line' }} data-testid="recharge-payee">
                    {platform.data.payees[method] || t('recharge.payeeNone')}
                  </span>
                }
              />
            ) : null}
            <Form.Item
              name="amount"
              label={t('recharge.forecastAmount')}
              rules={amountRules(t)}
              extra={t('recharge.amountHint')}
            >
              <Input
                prefix={currency === 'CNY' ? '¥' : '$'}
                suffix={currency}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                data-testid="recharge-amount"
              />
            </Form.Item>
            <Form.Item name="voucher" label={t('recharge.voucher')} extra={t('recharge.voucherHint')}>
              <FileUpload testIdPrefix="voucher" />
            </Form.Item>
            <Form.Item name="remark" label={t('recharge.remark')}>
              <Input.TextArea
                rows={3}
                maxLength={500}
                showCount
                placeholder={t('recharge.remarkPlaceholder')}
                data-testid="recharge-remark"
              />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={submitting} data-testid="recharge-submit">
                  {t('recharge.submit')}
                </Button>
                <Button onClick={() => navigate(RECHARGE_RECORD_PATH)} data-testid="recharge-to-records">
                  {t('menu.postage.rechargeRecord')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('recharge.currentBalances')}>
          {userInfo && <WalletSummary userInfo={userInfo} />}
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t('recharge.reviewNote')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
