import { Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DraftGap, DraftGapCause, StoreOrderView } from '../../api/stores';

/** The order form's label of an address field where it differs from the field's own name. */
const ADDRESS_LABELS: Record<string, string> = {
  countryCode: 'country',
  stateCode: 'state',
  isResidential: 'residential',
};
const PARCEL_FIELDS = new Set(['length', 'width', 'height', 'weight']);

/** Where a field sits in the order form (`Parcel 1`, `Sender`) and its label there; an unknown path as written. */
function placeOf(path: string, t: TFunction): { where: string; field: string } {
  const [head, second, third] = path.split('.');
  if (head === 'parcels' && third && PARCEL_FIELDS.has(third))
    return { where: t('parcel.title', { n: Number(second) + 1 }), field: t(`parcel.${third}`) };
  if ((head === 'from' || head === 'to') && second)
    return {
      where: t(head === 'from' ? 'newOrder.sender' : 'newOrder.recipient'),
      field: t(`addressForm.${ADDRESS_LABELS[second] ?? second}`, { defaultValue: second }),
    };
  return { where: t('stores.gaps.elsewhere'), field: path };
}

/** Where the merchant mends the cause for every draft to come: the package templates, the address book. */
const FIX_PATHS: Partial<Record<DraftGapCause, { to: string; label: string }>> = {
  noPackageTemplate: { to: '/settings/packageTemplate', label: 'stores.gaps.fixTemplate' },
  noDefaultSender: { to: '/settings/addressbook', label: 'stores.gaps.fixSender' },
};

/** The gaps grouped as the form shows them: one line per place and cause, its fields in the form's words. */
function linesOf(missing: readonly DraftGap[], t: TFunction) {
  const lines = new Map<string, { where: string; cause: DraftGapCause | null; fields: string[] }>();
  for (const gap of missing) {
    const { where, field } = placeOf(gap.path, t);
    const key = `${where}|${gap.cause}`;
    const line = lines.get(key) ?? { where, cause: gap.cause, fields: [] };
    line.fields.push(field);
    lines.set(key, line);
  }
  return [...lines.values()];
}

/**
 * What a store order's draft lacks before it can be bought, field by field as the order form names them,
 * with why (no package template, no default sender…), a link to mend the cause and one to complete the draft.
 */
export function DraftGaps({ order }: { order: StoreOrderView & { missing: DraftGap[] } }) {
  const { t } = useTranslation();
  const lines = linesOf(order.missing, t);
  const fixes = [...new Set(lines.map((line) => line.cause))].flatMap((cause) =>
    cause ? (FIX_PATHS[cause] ?? []) : [],
  );
  return (
    <Space orientation="vertical" size={0} data-testid="store-order-gaps">
      {lines.map((line) => (
        <Typography.Text type="warning" key={`${line.where}|${line.cause}`} data-testid="store-order-gap">
          {t(line.cause ? 'stores.gaps.line' : 'stores.gaps.lineNoCause', {
            where: line.where,
            fields: line.fields.join(t('stores.gaps.separator')),
            cause: line.cause ? t(`stores.gaps.causes.${line.cause}`) : '',
          })}
        </Typography.Text>
      ))}
      <Space size="middle">
        {fixes.map((fix) => (
          <Link key={fix.to} to={fix.to} data-testid="store-order-fix">
            {t(fix.label)}
          </Link>
        ))}
        {order.orderId !== null && (
          <Link to={`/shipments/newOrder?orderId=${order.orderId}`} data-testid="store-order-complete">
            {t('stores.gaps.complete')}
          </Link>
        )}
      </Space>
    </Space>
  );
}
