import type { z } from 'zod';
import { UpstreamError } from '../../outbound/types.ts';

/** How far before an ask whose answer was lost what it made is looked for: the two clocks may disagree a little. */
export const CLOCK_LEEWAY_MS = 10 * 60_000;

/** Who answered and to what: named in the error when an answer is not what the provider documents. */
export interface AnswerSource {
  /** The provider's code (`easypost`, `usps`, `shopify`…). */
  provider: string;
  /** What the call was for (`rate`, `purchase`, `storeOrders`…). */
  operation: string;
}

/**
 * A provider's answer read through the schema of its documented shape ("parse, don't cast"): an answer
 * that changed shape fails here, naming the provider, the operation and the field, instead of as an
 * `undefined` deeper in. The failure is `transient` (the outcome is unknown: a purchase so answered may
 * have bought a label), which the platform settles by asking the provider again, never by guessing.
 */
export function readAnswer<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  source: AnswerSource,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : '(the answer)';
  throw new UpstreamError(
    'transient',
    `${source.provider} ${source.operation}: answer changed shape at ${path}: ${issue?.message ?? 'unreadable'}`,
  );
}
