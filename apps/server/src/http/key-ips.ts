import { BlockList, isIPv4 } from 'node:net';
import { MemoryCache } from '../cache/memory-cache.ts';

/** A key's IP rules compiled once per process (a BlockList per distinct list). */
const compiled = new MemoryCache<BlockList>(1_000);

function listOf(rules: readonly string[]): BlockList {
  const list = new BlockList();
  for (const rule of rules) {
    const [address = '', prefix] = rule.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Whether a call from `ip` passes a key's allow-list (addresses and CIDR blocks, IPv4 and IPv6). An IPv4
 * client seen on a dual-stack socket (`::ffff:203.0.113.5`) is checked as the IPv4 address it is.
 */
export function ipAllowed(rules: readonly string[], ip: string): boolean {
  const key = rules.join(',');
  let list = compiled.get(key);
  if (!list) {
    list = listOf(rules);
    compiled.set(key, list);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
