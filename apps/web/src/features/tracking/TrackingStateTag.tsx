import { TRACKING_STATUS } from '@parcelport/shared';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
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

/**
 * A parcel's tracking state (docs/spec.md §4: 0 not found … 8 transit too long) in the interface language.
 * `labelled`: the parcel is one of the merchant's own labels, so state 0 means the carrier has not scanned it
 * yet ("label created"), not that nobody knows the number.
 */
export function TrackingStateTag({ status, labelled = false }: { status: number; labelled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={TRACKING_STATE_COLORS[status] ?? 'default'} data-testid="tracking-state" data-status={status}>
      {trackingStateText(t, status, labelled)}
    </Tag>
  );
}

/** A tracking state's words (see TrackingStateTag for `labelled`). */
export function trackingStateText(t: TFunction, status: number, labelled: boolean): string {
  return labelled && status === TRACKING_STATUS.notFound
    ? t('tracking.labelCreated')
    : t(`tracking.state.${status}`, { defaultValue: String(status) });
}
