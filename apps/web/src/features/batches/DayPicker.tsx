import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

/** The manifest's day (ManifestButton), loaded when its popover is first opened. */
export default function DayPicker({ value, onChange }: { value: Dayjs; onChange: (value: Dayjs) => void }) {
  return <DatePicker value={value} onChange={(next) => next && onChange(next)} allowClear={false} />;
}
