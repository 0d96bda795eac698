/** Business constants of docs/spec.md §9 shared by the server and the web app. */
export const PAGE_SIZES = [50, 100, 200, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 50;

/**
 * What a screen shows where a value is missing, on every screen and in the drawn first screens alike (a hyphen
 * alone beside money reads as a minus sign).
 */
export const NO_VALUE = '—';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';

export const MESSAGE_DURATION_MS = 3000;
export const TRANSPORT_ERROR_DURATION_MS = 5000;
export const MAX_RETRIES = 3;
export const LABEL_CREATE_DURATION_MS = 5000;
export const UPLOAD_LIMIT_BYTES = 500 * 1024;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const THEME_COLOR = '#165DFF';
export const MENU_WIDTH = 210;
export const SETTINGS_DRAWER_WIDTH = 300;

export const NPROGRESS = { minimum: 0.08, trickleRate: 0.02, trickleSpeed: 800, speed: 200 } as const;

export const WALLETS = ['USD', 'CNY'] as const;
export type WalletCurrency = (typeof WALLETS)[number];

export const ACCOUNT_STATUS = { inactive: 0, active: 1, disabled: 2 } as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];

/** Whether a channel, a carrier service or a price rule is in use. */
export const ENABLED_STATUS = { disabled: 0, enabled: 1 } as const;
export type EnabledStatus = (typeof ENABLED_STATUS)[keyof typeof ENABLED_STATUS];

/** A message of the message box: read or not. */
export const MESSAGE_STATUS = { unread: 0, read: 1 } as const;

/**
 * Where the carrier's refund of a voided label bought upstream stands: not voided upstream (''), the void
 * not sent yet ('unasked'), the carrier reviewing it ('pending'), 'refunded' or 'rejected'.
 */
export const CARRIER_REFUNDS = ['', 'unasked', 'pending', 'refunded', 'rejected'] as const;
export type CarrierRefund = (typeof CARRIER_REFUNDS)[number];

/** How an order's recipient address was found when checked. */
export const ADDRESS_STATUS = { unchecked: 0, valid: 1, corrected: 2, invalid: 3 } as const;
export type AddressStatus = (typeof ADDRESS_STATUS)[keyof typeof ADDRESS_STATUS];
