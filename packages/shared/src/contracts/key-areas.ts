import type { KeyArea } from '../api-keys.ts';
import type { Contract } from './contract.ts';

/**
 * The area of an operation's tag, for the contracts that do not name one (`keyArea`). Label operations are
 * in the orders, batch and downloads tags and name `labels` themselves; a tag not listed is `account`.
 */
const AREA_OF_TAG: Record<string, KeyArea> = {
  orders: 'orders',
  batch: 'orders',
  downloads: 'orders',
  import: 'orders',
  stores: 'orders',
  tracking: 'tracking',
  funds: 'funds',
  bills: 'funds',
  webhooks: 'webhooks',
};

/** The one area an operation belongs to, which a key limited to areas must hold to call it. */
export function keyAreaOf(contract: Pick<Contract, 'keyArea' | 'tags'>): KeyArea {
  return contract.keyArea ?? AREA_OF_TAG[contract.tags[0] ?? ''] ?? 'account';
}
