import { describe, expect, it } from 'vitest';
import { createPurchaseAttempts, settlesAttempt } from './purchase';

describe('purchase attempts', () => {
  it('reuse the key until an answer settles the attempt', async () => {
    const { ApiError } = await import('../../api/request');
    let n = 0;
    const attempts = createPurchaseAttempts(() => `key-${++n}`);
    expect(attempts.keyFor(1, 9)).toBe('key-1');
    attempts.finish(new ApiError('Network error', 0, null, true));
    expect(attempts.keyFor(1, 9)).toBe('key-1');
    attempts.finish(new ApiError('boom', 500, null, false));
    expect(attempts.keyFor(1, 9)).toBe('key-1');
    attempts.finish(new ApiError('still running', 409, null, false));
    expect(attempts.keyFor(1, 9)).toBe('key-1');
    // Another service is another attempt.
    expect(attempts.keyFor(1, 8)).toBe('key-2');
    attempts.finish(new ApiError('Insufficient funds', 422, null, false));
    expect(attempts.keyFor(1, 8)).toBe('key-3');
    attempts.finish();
    expect(attempts.keyFor(1, 8)).toBe('key-4');
    expect(settlesAttempt(new Error('plain'))).toBe(false);
  });
});
