import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const ADDRESS_COLORS: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'error' };

/**
 * An address check's outcome (0 not checked, 1 valid, 2 corrections suggested, 3 invalid) as a tag, its
 * note as the tooltip: an order's last batch check, or an address book entry's check.
 */
export function AddressStatusTag({ status = 0, note }: { status?: number; note?: string }) {
  const { t } = useTranslation();
  if (status === 0) {
    const text = (
      <Typography.Text type="secondary" data-testid="address-status" data-status={0}>
        {t('address.status.0')}
      </Typography.Text>
    );
    return note ? <Tooltip title={note}>{text}</Tooltip> : text;
  }
  const tag = (
    <Tag color={ADDRESS_COLORS[status]} data-testid="address-status" data-status={status}>
      {t(`address.status.${status}`)}
    </Tag>
  );
  return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
}
