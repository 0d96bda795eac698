import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '../../api/reports';

const DAY_FORMAT = 'YYYY-MM-DD';
/** The server counts whole UTC days, so "today" is the UTC one. */
export const todayUtc = () => dayjs(new Date().toISOString().slice(0, 10));

/** The last `days` days, today included. */
export function lastDays(days: number): Period {
  const today = todayUtc();
  return { from: today.subtract(days - 1, 'day').format(DAY_FORMAT), to: today.format(DAY_FORMAT) };
}

/** A report's period, the last 30 days to begin with. */
export function usePeriod(days = 30) {
  return useState<Period>(() => lastDays(days));
}

/** Picks a period of whole days (at most a year, as the server allows), with the usual presets. */
export function PeriodPicker({
  value,
  onChange,
  testId,
}: {
  value: Period;
  onChange: (period: Period) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const today = todayUtc();
  const presets = [7, 30, 90, 365].map((days) => ({
    label: t('charts.lastDays', { days }),
    value: [today.subtract(days - 1, 'day'), today] as [Dayjs, Dayjs],
  }));
  return (
    <DatePicker.RangePicker
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      presets={presets}
      disabledDate={(day, info) => {
        if (day.isAfter(today, 'day')) return true;
        const first = info.from;
        return Boolean(first && Math.abs(day.diff(first, 'day')) > 365);
      }}
      onChange={(range) => {
        const [first, last] = range ?? [];
        if (first && last) onChange({ from: first.format(DAY_FORMAT), to: last.format(DAY_FORMAT) });
      }}
      data-testid={testId}
    />
  );
}
