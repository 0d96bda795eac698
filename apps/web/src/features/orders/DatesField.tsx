import { CalendarOutlined } from '@ant-design/icons';
import { Input, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Range = [Dayjs | null, Dayjs | null] | null;

// antd's RangePicker (its panels, dayjs's calendar) loads when the person first reaches for the date filter,
// not with the list: the order list's first load carries the table, not a calendar nobody opened (issue 14).
const RangePicker = lazy(() => import('./RangeField'));

/**
 * The filter bar's date range (a Form.Item's field): until it is first hovered, focused or filled, a plain
 * input that looks like the picker; then antd's RangePicker, opened when it was reached by a click or focus.
 */
export function DatesField({
  value,
  onChange,
  testId,
}: {
  value?: Range;
  onChange?: (value: Range) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<'load' | 'open' | null>(value ? 'load' : null);
  const stand = (
    <Input
      readOnly
      style={{ width: 280 }}
      placeholder={`${t('orderList.datesFrom')}  →  ${t('orderList.datesTo')}`}
      suffix={<CalendarOutlined style={{ opacity: 0.45 }} />}
      onMouseEnter={() => setWanted((now) => now ?? 'load')}
      onFocus={() => setWanted('open')}
      onClick={() => setWanted('open')}
      data-testid={testId}
    />
  );
  if (!wanted && !value) return stand;
  return (
    <Suspense fallback={wanted === 'open' ? <Skeleton.Input active style={{ width: 280 }} /> : stand}>
      <RangePicker value={value ?? null} onChange={onChange} opened={wanted === 'open'} testId={testId} />
    </Suspense>
  );
}
