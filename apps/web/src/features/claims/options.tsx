import { CLAIM_STATUSES, CLAIM_TYPES, type ClaimStatus, type ClaimType } from '@parcelport/shared';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Claim states and types as every claims screen names them (issue 28). */
const STATUS_COLORS: Record<ClaimStatus, string> = {
  submitted: 'blue',
  inReview: 'gold',
  approved: 'green',
  partlyApproved: 'lime',
  rejected: 'red',
  paid: 'purple',
};

export function ClaimStatusTag({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="claim-status">
      {t(`claims.status.${status}`)}
    </Tag>
  );
}

export const claimStatusOptions = (t: TFunction) =>
  CLAIM_STATUSES.map((status) => ({ value: status, label: t(`claims.status.${status}`) }));

export const claimTypeOptions = (t: TFunction) =>
  CLAIM_TYPES.map((type) => ({ value: type, label: t(`claims.type.${type}`) }));

export const claimTypeName = (t: TFunction, type: ClaimType) => t(`claims.type.${type}`);

/** How long a claim has waited, in whole days since it was filed. */
export const ageInDays = (createdAt: string) => Math.max(0, dayjs().diff(dayjs(createdAt), 'day'));
