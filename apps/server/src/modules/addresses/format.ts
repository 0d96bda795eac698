import { addressFormatIssues } from '@parcelport/shared';
import type { z } from 'zod';
import type { MessageKey } from '../../i18n/messages.ts';

type Address = Parameters<typeof addressFormatIssues>[0];

const messageOf = (code: ReturnType<typeof addressFormatIssues>[number]['code']): MessageKey => `addr_${code}`;

/** A schema's superRefine: the shared rule of packages/shared (a US ZIP and state in their formats), by field. */
export function refineAddressFormat(address: Address, ctx: z.RefinementCtx): void {
  for (const issue of addressFormatIssues(address))
    ctx.addIssue({ code: 'custom', path: [issue.field], message: messageOf(issue.code) });
}

/** The same rule for a saved address, as `invalidFields` takes it: `{ "to.zipCode": key }`. */
export function addressFormatFields(prefix: string, address: Address): Record<string, MessageKey> {
  return Object.fromEntries(
    addressFormatIssues(address).map((issue) => [`${prefix}.${issue.field}`, messageOf(issue.code)]),
  );
}
