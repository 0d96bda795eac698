/**
 * Delivery promises (issue 30): a quote's expected delivery date, the carrier's where it answers one, else
 * counted from its transit days. Transit days are business days (Monday to Friday), counted from the day the
 * parcel is handed over: today when a label is bought on a weekday, else the next Monday.
 */

const DAY_MS = 86_400_000;
const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;
const dayOf = (at: number) => new Date(Math.floor(at / DAY_MS) * DAY_MS);

/** The dates of today's quotes by transit days: every quote line asks, for one of a few day counts. */
let datesOfDay = { day: Number.NaN, byDays: new Map<number, string>() };

/** The date (YYYY-MM-DD, UTC) a parcel handed over at `now` arrives after `days` business days in transit. */
export function dateAfterBusinessDays(now: number, days: number): string {
  const today = Math.floor(now / DAY_MS);
  if (datesOfDay.day !== today) datesOfDay = { day: today, byDays: new Map() };
  let date = datesOfDay.byDays.get(days);
  if (date === undefined) {
    date = countBusinessDays(now, days);
    if (datesOfDay.byDays.size < 100) datesOfDay.byDays.set(days, date);
  }
  return date;
}

function countBusinessDays(now: number, days: number): string {
  const day = dayOf(now);
  while (isWeekend(day)) day.setUTCDate(day.getUTCDate() + 1);
  for (let left = days; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isWeekend(day)) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** Business days from `now` to a carrier's date (YYYY-MM-DD or an ISO time), at least 1; null when unreadable. */
export function businessDaysUntil(now: number, date: string): number | null {
  const target = Date.parse(date.slice(0, 10));
  if (!Number.isFinite(target)) return null;
  const day = dayOf(now);
  let days = 0;
  while (day.getTime() < target) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isWeekend(day)) days += 1;
  }
  return Math.max(1, days);
}

/** A carrier's delivery date as YYYY-MM-DD (its answers give a date or an ISO time); null when absent or unreadable. */
export function carrierDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isFinite(Date.parse(date)) ? date : null;
}

/** The latest of the parcels' dates (a shipment arrives with its last parcel); null unless each parcel has one. */
export function latestDate(dates: (string | null)[]): string | null {
  if (dates.length === 0 || dates.some((date) => date === null)) return null;
  return [...(dates as string[])].sort().at(-1) as string;
}
