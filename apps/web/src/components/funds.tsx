import { FUND_TYPES, PAYMENT_METHODS, parseMoney, RECHARGE_STATUS, WALLETS } from '@parcelport/shared';
import { positiveMoneyInput } from '@parcelport/shared/contracts/money';
import { Tag, Typography, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Period } from '../api/funds';
import { schemaRule } from '../utils/schemaRule';
import { Money } from './Money';

const RECHARGE_COLORS: Record<number, string> = {
  [RECHARGE_STATUS.pending]: 'processing',
  [RECHARGE_STATUS.approved]: 'success',
  [RECHARGE_STATUS.rejected]: 'error',
};

/** Recharge record status (docs/spec.md §4): pending review, approved, rejected. */
export function RechargeStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={RECHARGE_COLORS[status] ?? 'default'} data-testid="recharge-status" data-status={status}>
      {t(`recharge.status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

/** The change type of a ledger row (FUND_TYPE). */
export function FundTypeLabel({ type }: { type: number }) {
  const { t } = useTranslation();
  return <span data-testid="fund-type">{t(`funds.type.${type}`, { defaultValue: String(type) })}</span>;
}

/** A signed amount: green with a plus for money in, red for money out. */
export function SignedMoney({ amount, currency }: { amount: string; currency: string }) {
  const { token } = theme.useToken();
  const negative = amount.startsWith('-');
  const zero = parseMoney(amount) === 0;
  const color = zero ? undefined : negative ? token.colorError : token.colorSuccess;
  return (
    <Typography.Text style={{ color }} data-testid="signed-amount" data-amount={amount}>
      {!negative && !zero ? '+' : ''}
      <Money amount={amount} currency={currency} />
    </Typography.Text>
  );
}

export const walletOptions = WALLETS.map((currency) => ({
  value: currency,
  label: <span data-testid={`wallet-option-${currency}`}>{currency}</span>,
}));

export function paymentMethodOptions(t: TFunction) {
  return PAYMENT_METHODS.map((method) => ({
    value: method,
    label: <span data-testid={`payment-option-${method}`}>{t(`recharge.payment.${method}`)}</span>,
  }));
}

export function rechargeStatusOptions(t: TFunction) {
  return Object.values(RECHARGE_STATUS).map((status) => ({
    value: status,
    label: <span data-testid={`recharge-status-option-${status}`}>{t(`recharge.status.${status}`)}</span>,
  }));
}

export function fundTypeOptions(t: TFunction, types: readonly number[] = FUND_TYPES) {
  return types.map((type) => ({
    value: type,
    label: <span data-testid={`fund-type-option-${type}`}>{t(`funds.type.${type}`)}</span>,
  }));
}

/** A day range picked on screen as the API's period: from the first day's start to the day after the last. */
export function periodOf(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): Period {
  const [start, end] = range ?? [null, null];
  return {
    from: start ? start.startOf('day').toISOString() : undefined,
    to: end ? end.add(1, 'day').startOf('day').toISOString() : undefined,
  };
}

/** A money amount typed as text: required, then the contracts' rule (two places at most, above 0). */
export function amountRules(t: TFunction): Rule[] {
  return [{ required: true, message: t('funds.amountRequired') }, schemaRule(positiveMoneyInput)];
}
