import { CARRIER_CODES, type CarrierCode, formatTracking } from '@parcelport/shared';
import { Typography } from 'antd';

const isCarrier = (code: string | null): code is CarrierCode =>
  code !== null && (CARRIER_CODES as readonly string[]).includes(code);

/** A tracking number as its carrier writes it (grouped), copyable; — before a label is bought. */
export function TrackingText({ carrierCode, value }: { carrierCode: string | null; value: string | null }) {
  if (!value) return <>—</>;
  return (
    <Typography.Text copyable={{ text: value }} style={{ whiteSpace: 'nowrap' }}>
      {isCarrier(carrierCode) ? formatTracking(carrierCode, value) : value}
    </Typography.Text>
  );
}
