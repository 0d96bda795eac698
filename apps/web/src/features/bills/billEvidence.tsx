import type { BillLineView } from '@parcelport/shared/contracts/bills/index';
import { type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { NO_VALUE } from '../../utils/shown';

/**
 * How a carrier bill line's evidence reads, for staff's bill screen and the merchant's deductions alike:
 * weights, times, declared beside billed, the dispute's colours.
 */
export const DISPUTE_COLORS: Record<Exclude<BillLineView['dispute'], 'none'>, string> = {
  open: 'processing',
  accepted: 'success',
  rejected: 'error',
};

/** Ounces as a person reads them: "2 lb 4 oz", "12.5 oz". */
export function weightText(oz: number | null): string {
  if (oz === null) return NO_VALUE;
  const rounded = Math.round(oz * 10) / 10;
  if (rounded < 16) return `${rounded} oz`;
  const lb = Math.floor(rounded / 16);
  const rest = Math.round((rounded - lb * 16) * 10) / 10;
  return rest === 0 ? `${lb} lb` : `${lb} lb ${rest} oz`;
}

/** What was declared beside what the carrier billed; the billed side stands out when they differ. */
export function Versus({ declared, billed }: { declared: string; billed: string }) {
  if (billed === NO_VALUE || billed === '') return <span>{declared}</span>;
  const differs = declared !== billed;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {declared} → <Typography.Text type={differs ? 'danger' : undefined}>{billed}</Typography.Text>
    </span>
  );
}

type Evidence = Pick<BillLineView, 'declaredOz' | 'billedOz' | 'declaredSize' | 'billedSize'>;

/** A line table's weight and size columns: what was declared beside what the carrier billed. */
export function evidenceColumns<T extends Evidence>(t: TFunction): TableColumnsType<T> {
  return [
    {
      title: t('bills.line.weight'),
      key: 'weight',
      width: 170,
      render: (_value, row) => (
        <Versus
          declared={weightText(row.declaredOz)}
          billed={row.billedOz === null ? NO_VALUE : weightText(row.billedOz)}
        />
      ),
    },
    {
      title: t('bills.line.size'),
      key: 'size',
      width: 210,
      render: (_value, row) => <Versus declared={row.declaredSize || NO_VALUE} billed={row.billedSize} />,
    },
  ];
}
