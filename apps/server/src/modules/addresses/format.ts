import { addressFormatIssues } from '@parcelport/shared';
import { addressIssueMessage } from '@parcelport/shared/contracts/address-format';
import type { MessageKey } from '../../i18n/messages.ts';

type Address = Parameters<typeof addressFormatIssues>[0];

/** The shared address rule for a saved address, as `invalidFields` takes it: `{ "to.zipCode": key }`. */
export function addressFormatFields(prefix: string, address: Address): Record<string, MessageKey> {
  return Object.fromEntries(
    addressFormatIssues(address).map((issue) => [`${prefix}.${issue.field}`, addressIssueMessage(issue.code)]),
  );
}
