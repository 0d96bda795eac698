import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

type Range = [Dayjs | null, Dayjs | null] | null;

/** antd's RangePicker for the filter bar (DatesField), loaded when first reached; `opened`: open it at once. */
export default function RangeField({
  value,
  onChange,
  opened,
  testId,
}: {
  value: Range;
  onChange?: (value: Range) => void;
  opened: boolean;
  testId: string;
}) {
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      value={value}
      onChange={(next) => onChange?.(next)}
      autoFocus={opened}
      defaultOpen={opened}
      style={{ width: 280 }}
      data-testid={testId}
    />
  );
}
