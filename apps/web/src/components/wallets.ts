import type { UserInfo, Wallet } from '../api/types';

/** The user's wallets, USD first; older answers without `wallets` give the USD balances only. */
export function walletsOf(userInfo: UserInfo): Wallet[] {
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
