/**
 * Keeps a claim alive while this instance works under it: `renew` runs every third of the claim's lifetime,
 * so the claim lapses only once the instance stops (it crashed, or hangs), and another instance then takes
 * the work over. A renewal that fails is not retried sooner: at worst the claim lapses early and the work
 * is taken over, which every holder of a claim must already survive. Answers a function that stops renewing.
 */
export function holdClaim(renew: () => Promise<unknown>, claimMs: number): () => void {
  const timer = setInterval(
    () => {
      renew().catch(() => undefined);
    },
    Math.max(1, Math.floor(claimMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
