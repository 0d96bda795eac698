import type { MemberRule } from '../team.ts';
import type { Contract } from './contract.ts';
import { keyAreaOf } from './key-areas.ts';

/**
 * What a team member needs to call an operation, for the contracts that do not say (`member`): the money
 * area (ledger, postage, recharges, carrier bills) needs `money`, webhooks need `settings`, API keys `keys`,
 * and a call only the account's own person may make (`notWhileActing`: the password) is the owner's. The rest
 * (orders, drafts, the address book, tracking, work orders) is the desk's everyday work, open to every member.
 */
export function memberRuleOf(contract: Pick<Contract, 'member' | 'keyArea' | 'tags' | 'notWhileActing'>): MemberRule {
  if (contract.member !== undefined) return contract.member;
  if (contract.tags[0] === 'api keys') return 'keys';
  if (contract.notWhileActing) return 'owner';
  const area = keyAreaOf(contract);
  if (area === 'funds') return 'money';
  if (area === 'webhooks') return 'settings';
  return null;
}
