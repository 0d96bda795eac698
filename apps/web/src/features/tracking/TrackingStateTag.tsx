import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** docs/spec.md §4 parcel tracking states 0-8, each with its colour. */
export const TRACKING_STATE_COLORS = [
  'default',
  'cyan',
  'blue',
  'purple',
  'geekblue',
  'orange',
  'green',
  'red',
  'volcano',
];

/** A parcel's tracking state (docs/spec.md §4: 0 not found … 8 transit too long) in the interface language. */
export function TrackingStateTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={TRACKING_STATE_COLORS[status] ?? 'default'} data-testid="tracking-state" data-status={status}>
      {t(`tracking.state.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
