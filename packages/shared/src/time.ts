/** Lengths of time in milliseconds, the unit every time in the platform is kept in. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
