import type { z } from 'zod';
import { type AddressFormatIssue, addressFormatIssues } from '../address.ts';
import type { FieldMessageKey } from './messages.ts';

type Address = Parameters<typeof addressFormatIssues>[0];

/** The message key of an address format issue. */
export const addressIssueMessage = (code: AddressFormatIssue['code']): FieldMessageKey => `addr_${code}`;

/** A schema's superRefine: the shared rule (a US ZIP and state in their formats), each issue on its field. */
export function refineAddressFormat(address: Address, ctx: z.RefinementCtx): void {
  for (const issue of addressFormatIssues(address))
    ctx.addIssue({ code: 'custom', path: [issue.field], message: addressIssueMessage(issue.code) });
}
