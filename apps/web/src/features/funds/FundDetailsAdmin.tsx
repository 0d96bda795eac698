import { FUND_TYPE, FUND_TYPES } from '@parcelport/shared';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { handleOf } from '../../router/handle';
import { LedgerTable } from './LedgerTable';

/**
 * The fund types of the typed fund-detail routes of docs/spec.md §2 (recharge 0 is the customerRecharge screen's
 * list, together with staff adjustments). A route not listed here shows every type with a type filter.
 */
export const ROUTE_FUND_TYPES: Record<string, readonly number[]> = {
  placeOrder: [FUND_TYPE.placeOrder],
  refund: [FUND_TYPE.refund],
  marginRelease: [FUND_TYPE.marginRelease],
  billDeduction: [FUND_TYPE.billDeduction],
};

/** The staff fund-detail list of one route: its fixed types, or every type with a type filter. */
export function FundDetailsList({ routeName }: { routeName: string }) {
  const fixed = ROUTE_FUND_TYPES[routeName];
  return (
    <LedgerTable
      key={routeName}
      source="all"
      fixedTypes={fixed}
      typeChoices={fixed ? undefined : FUND_TYPES}
      testId={`fund-details-${routeName}`}
    />
  );
}

/**
 * One screen for fundDetailsAdmin (all types) and the typed routes placeOrder, refund, marginRelease and
 * billDeduction: the route's name picks the fund type.
 */
export default function FundDetailsAdmin() {
  const { t } = useTranslation();
  const meta = handleOf(useMatches().at(-1)?.handle)?.meta;
  const name = meta?.name ?? 'fundDetailsAdmin';
  return (
    <Card title={meta?.locale ? t(meta.locale) : undefined} data-testid="fund-details-admin-page" data-route={name}>
      <FundDetailsList routeName={name} />
    </Card>
  );
}
