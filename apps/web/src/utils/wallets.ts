import type { UserInfo, Wallet } from '../api/types';
import { seesMoney } from '../stores/session';

/**
 * The user's wallets, USD first; older answers without `wallets` give the USD balances only. None for a team
 * member without `money` (issue 30): the server leaves their balances blank.
 */
export function walletsOf(userInfo: UserInfo): Wallet[] {
  if (!seesMoney(userInfo)) return [];
  const wallets: Wallet[] =
    userInfo.wallets?.length > 0
      ? userInfo.wallets
      : [
          {
            currency: 'USD',
            balance: userInfo.balance,
            earnestBalance: userInfo.earnestBalance,
            depositBalance: userInfo.depositBalance,
            refundAmount: userInfo.refundAmount,
            creditLimit: userInfo.creditLimit,
          },
        ];
  return [...wallets].sort((a, b) => (a.currency === 'USD' ? -1 : b.currency === 'USD' ? 1 : 0));
}
