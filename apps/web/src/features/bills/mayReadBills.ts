import type { UserInfo } from '../../api/types';
import { ownsEveryAccount, userCodes } from '../../stores/session';

/**
 * The server answers carrier bills' calls (the reconciliation, the lines left unexplained) only to
 * platform-wide staff holding the maintenance code (a seller given the code is refused: a channel's bills
 * touch every merchant), so a screen others also open asks this before calling.
 */
export function mayReadBills(userInfo: UserInfo | null): boolean {
  return userCodes(userInfo).includes('adminChannel') && ownsEveryAccount(userInfo);
}
