import { ADDRESS_STATUS, type Locale } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { markAddressChecks, parseAddress, recipientsOf } from '../orders/index.ts';
import { type AddressCheck, addressStatus, checkAddress, issuesNote } from './validate.ts';

/** A check as answered: each issue with its message in the reader's language. */
export function checkWithMessages(check: AddressCheck, locale: Locale) {
  return {
    ...check,
    issues: check.issues.map(({ detail, ...issue }) => {
      const message = translate(`addr_${issue.code}` as MessageKey, locale);
      return { ...issue, message: detail ? `${message}: ${detail}` : message };
    }),
  };
}

/**
 * Checks the recipient address of each of the account's orders among `ids`, marks each order with what was
 * found (valid, corrected, invalid, and why), and counts them.
 */
export async function checkOrderAddresses(db: Db, scope: Scope, ids: number[], locale: Locale) {
  const orders = await recipientsOf(db, scope, ids);
  const results = orders.map((order) => {
    const check = checkAddress(parseAddress(order.to_address));
    const status = addressStatus(check);
    const note = issuesNote(check, locale);
    return { id: order.id, orderNo: order.order_no, status, note, check: checkWithMessages(check, locale) };
  });
  await markAddressChecks(db, results);
  const count = (status: number) => results.filter((result) => result.status === status).length;
  return {
    valid: count(ADDRESS_STATUS.valid),
    corrected: count(ADDRESS_STATUS.corrected),
    invalid: count(ADDRESS_STATUS.invalid),
    results,
  };
}
