import { BILL_LINE_KINDS, type BillLineKind } from '@parcelport/shared/contracts/bills/index';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillView } from '../../api/bills';

/** Each kind of bill line's tag colour. */
export const KIND_COLORS: Record<BillLineKind, string> = {
  matches: 'default',
  adjustment: 'volcano',
  credit: 'green',
  duplicate: 'purple',
  unmatched: 'gold',
  voided: 'magenta',
};

/** The bill's kinds as coloured tags with their counts; `compact` leaves out the kinds it has none of. */
export function KindCounts({
  bill,
  testIds = false,
  compact = false,
}: {
  bill: BillView;
  testIds?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const kinds = compact ? BILL_LINE_KINDS.filter((kind) => bill.counts[kind] > 0) : BILL_LINE_KINDS;
  return (
    <Space size={[4, 4]} wrap>
      {kinds.map((kind) => (
        <Tag
          key={kind}
          color={bill.counts[kind] > 0 ? KIND_COLORS[kind] : 'default'}
          data-testid={testIds ? `bill-count-${kind}` : undefined}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`bills.kind.${kind}`)} {bill.counts[kind]}
        </Tag>
      ))}
    </Space>
  );
}

export function StatusTag({ status }: { status: BillView['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'posted' ? 'success' : 'processing'} data-testid="bill-status">
      {t(`bills.status.${status}`)}
    </Tag>
  );
}
