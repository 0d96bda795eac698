import { ApiError } from '../../api/request';

/** A fresh Idempotency-Key (random 128 bits), also where crypto.randomUUID is missing (plain-HTTP hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether an answer settles a purchase attempt. A business answer (success, 'Insufficient funds', a
 * service that cannot carry the order) does; a transport failure, a server error or 'still in progress'
 * leaves the outcome unknown, so the next try must send the same key and get the first call's answer.
 */
export function settlesAttempt(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return !error.transport && error.code < 500 && error.code !== 409;
}

/**
 * One Idempotency-Key per purchase attempt: buying the same service for the same order again after an
 * unknown outcome reuses the key (the server answers as it did the first time and never charges twice);
 * after a settled answer, or for another order or service, a new key is made.
 */
export function createPurchaseAttempts(makeKey: () => string = newIdempotencyKey) {
  let open: { orderId: number; serviceId: number; key: string } | null = null;
  return {
    keyFor(orderId: number, serviceId: number): string {
      if (open && open.orderId === orderId && open.serviceId === serviceId) return open.key;
      open = { orderId, serviceId, key: makeKey() };
      return open.key;
    },
    /** Call with the error of a failed try, or nothing after success. */
    finish(error?: unknown): void {
      if (error === undefined || settlesAttempt(error)) open = null;
    },
  };
}
