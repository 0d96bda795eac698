import { NO_VALUE } from '@parcelport/shared';
import dayjs from 'dayjs';

export { NO_VALUE };

type Moment = string | number | null | undefined;

const shownAs =
  (format: string) =>
  (value: Moment): string =>
    value === null || value === undefined || value === '' ? NO_VALUE : dayjs(value).format(format);

/** A day, as lists and forms write it. */
export const shownDay = shownAs('YYYY-MM-DD');
/** A moment to the minute: when something was made, sent or changed, in lists. */
export const shownMinute = shownAs('YYYY-MM-DD HH:mm');
/** A moment to the second, where the order of close events matters: logs, the ledger, histories. */
export const shownSecond = shownAs('YYYY-MM-DD HH:mm:ss');
