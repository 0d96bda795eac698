/** Lifetimes an API key can be made with, in days (or none: it never expires). */
export const API_KEY_LIFETIMES = [30, 90, 365] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number] | null;

/** Live API keys a user may hold at once. */
export const MAX_API_KEYS = 20;

/**
 * The areas an API key may be limited to (issue 31). Every operation belongs to exactly one
 * (`keyAreaOf`, contracts/key-areas.ts); a key limited to some areas is refused (403 `apiKeyArea`) on the rest.
 * `account` holds what is none of the five: the profile, address book, package templates, messages, work
 * orders, and staff calls.
 */
export const KEY_AREAS = ['orders', 'labels', 'tracking', 'funds', 'webhooks', 'account'] as const;
export type KeyArea = (typeof KEY_AREAS)[number];

/**
 * A key's mode (issue 31): a `test` key (`pp_test_…`) makes and buys test labels only (the demo channel, or a
 * carrier's test credentials on the same channel), moves no money and sees only test orders; a `live` key
 * (`pp_live_…`, and every key made before modes) sees and buys only live ones.
 */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

/** The answer header naming the mode of the key a call was made with (absent for a signed-in session). */
export const MODE_HEADER = 'ParcelPort-Mode';

/** IP rules (addresses or CIDR blocks) one key may carry. */
export const MAX_KEY_IP_RULES = 20;

/** How long a rolled key's old secret keeps working, in hours: the default and the longest (7 days). */
export const KEY_ROLL_OVERLAP_DEFAULT_HOURS = 24;
export const KEY_ROLL_OVERLAP_MAX_HOURS = 168;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

function isIpv6(text: string): boolean {
  // A trailing dotted quad (::ffff:192.0.2.1) stands for two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  const dotted = tail.includes('.');
  if (dotted && !IPV4.test(tail)) return false;
  const head = dotted ? `${text.slice(0, lastColon + 1)}0:0` : text;
  const halves = head.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  if (groups.flat().some((group) => !HEXTET.test(group))) return false;
  const count = groups.flat().length;
  return halves.length === 2 ? count < 8 : count === 8;
}

/** An IPv4 or IPv6 address, optionally with a prefix length (`203.0.113.0/24`, `2001:db8::/32`). */
export function isIpRule(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}
