/** Waits for conditions, never for a time (the tests run on a busy machine). */

/**
 * Reads until `done` accepts what `read` answers, and answers it: a condition is waited for, never a time. The
 * limit only ends a test that would otherwise hang (its wait far beyond a busy machine's).
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const limit = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > limit) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** As `until`, for a read that answers nothing (null, undefined, false) until the awaited thing is there. */
export async function untilSome<T>(read: () => Promise<T>, what: string): Promise<NonNullable<T>> {
  return (await until(read, Boolean, what)) as NonNullable<T>;
}

/** Lets the event loop turn until `condition` holds (set by a callback of this process). */
export async function turnsUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
