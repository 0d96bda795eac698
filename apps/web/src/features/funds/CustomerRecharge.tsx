import { FUND_TYPE, hasAnyCode, WALLETS, type WalletCurrency } from '@parcelport/shared';
import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import { creditLimitBody } from '@parcelport/shared/contracts/funds/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { listAllLedger } from '../../api/funds';
import type { ManagedUser } from '../../api/types';
import { amountRules } from '../../components/funds';
import { Money } from '../../components/Money';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { useDebounced } from '../../components/useDebounced';
import { userCodes, useSessionStore } from '../../stores/session';
import { schemaRule } from '../../utils/schemaRule';
import { NO_VALUE } from '../../utils/shown';
import { LedgerTable } from './LedgerTable';

type Direction = 'credit' | 'debit';

interface AdjustValues {
  currency: WalletCurrency;
  direction: Direction;
  amount: string;
  remark: string;
}

interface CreditLimitValues {
  currency: WalletCurrency;
  creditLimit: string;
}

/** The recharge (0) and staff-adjustment (7) rows: what this screen and approvals put into wallets. */
export const CUSTOMER_RECHARGE_TYPES = [FUND_TYPE.recharge, FUND_TYPE.adjustment] as const;

/** Customer search over GET /api/admin/list?keyword=. */
function CustomerPicker({
  value,
  onChange,
}: {
  value: ManagedUser | null;
  onChange: (user: ManagedUser | null) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), 300);
  const users = useQuery({
    queryKey: ['users', 'admin', 'pick', debounced],
    queryFn: () =>
      call(adminUsersContracts.listUsers.admin, {
        query: { page: 1, pageSize: 50, keyword: debounced || undefined },
      }),
  });
  const list = users.data?.list ?? [];
  const options = useMemo(() => {
    const all = value && !list.some((user) => user.id === value.id) ? [value, ...list] : list;
    return all.map((user) => ({
      value: user.id,
      label: (
        <span data-testid={`customer-option-${user.username}`}>
          {user.username}
          {user.name ? ` · ${user.name}` : ''}
          {user.company ? ` (${user.company})` : ''}
        </span>
      ),
      user,
    }));
  }, [list, value]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      style={{ width: '100%', maxWidth: 480 }}
      placeholder={t('customerRecharge.pickPlaceholder')}
      aria-label={t('customerRecharge.pickPlaceholder')}
      value={value?.id}
      options={options}
      notFoundContent={users.isFetching ? <Spin size="small" /> : undefined}
      onChange={(id) => onChange(options.find((option) => option.value === id)?.user ?? null)}
      data-testid="customer-picker"
    />
  );
}

/** The picked wallet's available funds: the newest ledger row's balance (the ledger adds up to it). */
function useCurrentBalance(userId: number | undefined, currency: WalletCurrency) {
  return useQuery({
    queryKey: ['ledger', 'current', userId, currency],
    enabled: userId !== undefined,
    queryFn: async () => {
      const page = await listAllLedger({ userId, currency }, { page: 1, pageSize: 50 }, { isHideMsg: true });
      return page.list[0]?.balanceAfter ?? '0.00';
    },
  });
}

/**
 * /adminSettings/customer/customerRecharge: finance credits or debits a customer's wallet directly (a
 * mandatory remark; recorded as a staff adjustment and told to the customer), sets credit limits, and
 * sees the customer's recharges and adjustments.
 */
export default function CustomerRecharge() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const codes = userCodes(useSessionStore((state) => state.userInfo));
  const [customer, setCustomer] = useState<ManagedUser | null>(null);
  const [form] = Form.useForm<AdjustValues>();
  const [limitForm] = Form.useForm<CreditLimitValues>();
  const [saving, setSaving] = useState(false);
  const [savingLimit, setSavingLimit] = useState(false);
  const [result, setResult] = useState<{ currency: string; balanceAfter: string; amount: string } | null>(null);
  const currency = Form.useWatch('currency', form) ?? 'USD';
  const direction = Form.useWatch('direction', form) ?? 'credit';
  const current = useCurrentBalance(customer?.id, currency);
  const seesLedger = hasAnyCode(['adminBalanceList'], codes);

  const pick = (user: ManagedUser | null) => {
    setCustomer(user);
    setResult(null);
  };

  const adjust = async (values: AdjustValues) => {
    if (!customer) return;
    const amount = `${values.direction === 'debit' ? '-' : ''}${values.amount.trim()}`;
    setSaving(true);
    try {
      const answer = await call(fundsContracts.adjustBalance, {
        body: {
          userId: customer.id,
          currency: values.currency,
          amount,
          remark: values.remark.trim(),
        },
      });
      setResult({ currency: values.currency, balanceAfter: answer.balanceAfter, amount });
      message.success(<span data-testid="adjust-done">{t('customerRecharge.done')}</span>);
      form.setFieldsValue({ amount: '', remark: '' });
      void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    } catch (error) {
      applyServerFieldErrors(form, error, ['amount', 'remark', 'currency']);
    } finally {
      setSaving(false);
    }
  };

  const confirmAdjust = (values: AdjustValues) => {
    if (!customer) return;
    modal.confirm({
      title: t('customerRecharge.confirmTitle'),
      content: t(values.direction === 'debit' ? 'customerRecharge.confirmDebit' : 'customerRecharge.confirmCredit', {
        amount: `${values.currency} ${values.amount.trim()}`,
        user: customer.username,
      }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'adjust-confirm-ok' },
      onOk: () => adjust(values),
    });
  };

  const saveLimit = async (values: CreditLimitValues) => {
    if (!customer) return;
    setSavingLimit(true);
    try {
      await call(fundsContracts.setCreditLimit, {
        body: { userId: customer.id, currency: values.currency, creditLimit: values.creditLimit.trim() },
      });
      message.success(<span data-testid="credit-limit-saved">{t('customerRecharge.creditLimitSaved')}</span>);
    } catch (error) {
      applyServerFieldErrors(limitForm, error, ['creditLimit']);
    } finally {
      setSavingLimit(false);
    }
  };

  return (
    <div data-testid="customer-recharge-page">
      <Card title={t('menu.adminSettings.customer.customerRecharge')} style={{ marginBottom: 16 }}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <div>
            <Typography.Text strong>{t('customerRecharge.customer')}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <CustomerPicker value={customer} onChange={pick} />
            </div>
          </div>
          {!customer && <Alert type="info" showIcon title={t('customerRecharge.pickFirst')} />}
          {customer && (
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={14}>
                <Form<AdjustValues>
                  form={form}
                  layout="vertical"
                  initialValues={{ currency: 'USD', direction: 'credit' }}
                  onFinish={confirmAdjust}
                  style={{ maxWidth: 520 }}
                  data-testid="adjust-form"
                >
                  <Form.Item name="currency" label={t('recharge.wallet')}>
                    <Radio.Group
                      optionType="button"
                      buttonStyle="solid"
                      options={WALLETS.map((wallet) => ({
                        value: wallet,
                        label: <span data-testid={`adjust-currency-${wallet}`}>{wallet}</span>,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name="direction" label={t('customerRecharge.direction')}>
                    <Radio.Group
                      options={[
                        {
                          value: 'credit',
                          label: <span data-testid="adjust-direction-credit">{t('customerRecharge.credit')}</span>,
                        },
                        {
                          value: 'debit',
                          label: <span data-testid="adjust-direction-debit">{t('customerRecharge.debit')}</span>,
                        },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name="amount" label={t('customerRecharge.amount')} rules={amountRules(t)}>
                    <Input
                      prefix={direction === 'debit' ? '−' : '+'}
                      suffix={currency}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      data-testid="adjust-amount"
                    />
                  </Form.Item>
                  <Form.Item
                    name="remark"
                    label={t('customerRecharge.remark')}
                    rules={[{ required: true, whitespace: true, message: t('customerRecharge.remarkRequired') }]}
                  >
                    <Input.TextArea rows={3} maxLength={500} showCount data-testid="adjust-remark" />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={saving} data-testid="adjust-submit">
                    {t(direction === 'debit' ? 'customerRecharge.submitDebit' : 'customerRecharge.submitCredit')}
                  </Button>
                </Form>
              </Col>
              <Col xs={24} xl={10}>
                <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                  <Card size="small">
                    <Statistic
                      title={t('customerRecharge.currentBalance', { currency })}
                      loading={current.isFetching}
                      valueRender={() => (
                        <span data-testid="adjust-current-balance">
                          {current.data === undefined ? NO_VALUE : <Money amount={current.data} currency={currency} />}
                        </span>
                      )}
                    />
                  </Card>
                  {result && (
                    <Alert
                      type="success"
                      showIcon
                      data-testid="adjust-result"
                      title={t('customerRecharge.resultTitle')}
                      description={
                        <span>
                          {t('customerRecharge.resultAmount')}{' '}
                          <Money amount={result.amount} currency={result.currency} /> ·{' '}
                          {t('customerRecharge.resultBalance')}{' '}
                          <strong data-testid="adjust-balance-after">
                            <Money amount={result.balanceAfter} currency={result.currency} />
                          </strong>
                        </span>
                      }
                    />
                  )}
                  <Card size="small" title={t('customerRecharge.creditLimit')}>
                    <Form<CreditLimitValues>
                      form={limitForm}
                      layout="vertical"
                      initialValues={{ currency: 'USD' }}
                      onFinish={(values) => void saveLimit(values)}
                      data-testid="credit-limit-form"
                    >
                      <Form.Item name="currency" label={t('recharge.wallet')}>
                        <Radio.Group options={WALLETS.map((wallet) => ({ value: wallet, label: wallet }))} />
                      </Form.Item>
                      <Form.Item
                        name="creditLimit"
                        label={t('customerRecharge.newCreditLimit')}
                        extra={t('customerRecharge.creditLimitHint')}
                        rules={[
                          { required: true, message: t('funds.amountRequired') },
                          schemaRule(creditLimitBody.shape.creditLimit),
                        ]}
                      >
                        <Input inputMode="decimal" placeholder="0.00" data-testid="credit-limit-amount" />
                      </Form.Item>
                      <Button htmlType="submit" loading={savingLimit} data-testid="credit-limit-submit">
                        {t('common.save')}
                      </Button>
                    </Form>
                  </Card>
                </Space>
              </Col>
            </Row>
          )}
        </Space>
      </Card>
      {seesLedger && (
        <Card title={t('customerRecharge.records')}>
          <LedgerTable
            key={customer?.id ?? 'all'}
            source="all"
            fixedTypes={CUSTOMER_RECHARGE_TYPES}
            userId={customer?.id}
            testId="fund-details-customerRecharge"
          />
        </Card>
      )}
    </div>
  );
}
