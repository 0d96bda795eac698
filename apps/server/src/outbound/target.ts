import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { invalidFields } from '../core/errors.ts';

/** Why a webhook target is refused: not http(s), an address inside a private network, or no address. */
export type RefusedReason = 'scheme' | 'address' | 'unresolved';

export class TargetRefused extends Error {
  readonly reason: RefusedReason;
  constructor(reason: RefusedReason) {
    super(
      reason === 'scheme'
        ? 'refused: not an http(s) URL'
        : reason === 'address'
          ? 'refused: the host is a private, loopback, link-local or multicast address'
          : 'refused: the host name does not resolve',
    );
    this.reason = reason;
  }
}

/** A target that passed the check, with the address to connect to (the one checked). */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * A public unicast address: not loopback, private (RFC 1918, ULA fc00::/7), carrier-grade NAT, link-local,
 * unspecified, multicast, broadcast or reserved. An IPv4-mapped IPv6 address is judged as its IPv4 address,
 * and IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo) are refused along with the rest.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The host of a URL as it is listed and resolved: lower case, an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a webhook URL when it is saved and again before every delivery: http(s) only, and every address
 * its host resolves to must be public, unless the operator allows the host (`WEBHOOK_ALLOWED_HOSTS`). The
 * answer holds the address to connect to, so that the connection goes where the check looked (a host
 * that resolves differently a moment later, DNS rebinding, changes nothing).
 */
export async function checkWebhookTarget(target: string, allowedHosts: readonly string[]): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new TargetRefused('scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused('scheme');
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host)
      ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new TargetRefused('unresolved');
  }
  const first = addresses[0];
  if (!first) throw new TargetRefused('unresolved');
  const allowed = allowedHosts.includes(host);
  // Every address must pass: a host with one public and one private address could be made to use either.
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) throw new TargetRefused('address');
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A webhook URL checked as it is saved (and again at each delivery): a refusal names `field`. */
export async function refuseUnsafeTarget(url: string, allowedHosts: readonly string[], field: string): Promise<void> {
  try {
    await checkWebhookTarget(url, allowedHosts);
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    throw invalidFields({
      [field]: error.reason === 'unresolved' ? 'webhookTargetUnresolved' : 'webhookTargetRefused',
    });
  }
}
