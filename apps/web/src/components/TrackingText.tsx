import { CARRIER_CODES, type CarrierCode, formatTracking } from '@parcelport/shared';
import { Typography } from 'antd';

const isCarrier = (code: string | null): code is CarrierCode =>
  code !== null && (CARRIER_CODES as readonly string[]).includes(code);

/**
 * A tracking number as its carrier writes it (grouped), copyable; — before a label is bought. `line`: as the
 * small grey line under an order number, free to wrap between its groups.
 */
export function TrackingText({
  carrierCode,
  value,
  line = false,
}: {
  carrierCode: string | null;
  value: string | null;
  line?: boolean;
}) {
  if (!value) return <>—</>;
  return (
    <Typography.Text
      copyable={{ text: value }}
      type={line ? 'secondary' : undefined}
      style={line ? { fontSize: 12 } : { whiteSpace: 'nowrap' }}
      data-testid={line ? 'order-tracking-line' : undefined}
    >
      {isCarrier(carrierCode) ? formatTracking(carrierCode, value) : value}
    </Typography.Text>
  );
}
