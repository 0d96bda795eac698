import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { doubtfulWalletView } from './schemas.ts';

export const listDoubtfulWallets = defineContract({
  method: 'GET',
  path: '/admin/balance/doubtful',
  summary: 'Wallets whose ledger does not add up to the balance (empty when all is well)',
  tags: ['funds'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  answer: z.array(doubtfulWalletView),
});
