import type { MessageKey } from '../i18n/messages.ts';

/** An error the client should see: HTTP status = envelope code, message from the catalogue. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly data: unknown;
  readonly params: Record<string, string | number>;

  constructor(
    statusCode: number,
    key: MessageKey,
    data: unknown = null,
    params: Record<string, string | number> = {},
    options?: ErrorOptions,
  ) {
    super(key, options);
    this.statusCode = statusCode;
    this.key = key;
    this.data = data;
    this.params = params;
  }
}

/** 400 naming failing fields: `{ fields: { name: messageKey } }`. */
export function invalidFields(fields: Record<string, MessageKey>): AppError {
  return new AppError(400, 'invalidInput', { fields });
}

export const notFound = (key: MessageKey = 'notFound') => new AppError(404, key);
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
