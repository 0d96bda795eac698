/**
 * The fetch a merchant's own site is called with (a WooCommerce store): every connection goes only to a
 * public address, checked when the connection is made, not only when the store was connected, so a host
 * that resolves to a public address once and to an inside one later (DNS rebinding) reaches nothing inside;
 * redirects are followed by hand (at most five, GET only) so that each target is checked too, and the
 * credentials never follow one to another host. Hosts in STORE_ALLOWED_HOSTS may be anywhere.
 *
 * undici is loaded on the first call, not at start: ~1.2 MB of source that only a store's sync needs
 * (its code and objects were ~5 MB of the idle server's resident memory; bench/README.md, 2026-11-29).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent } from 'undici';
import { hostOf, isPublicAddress } from '../outbound/target.ts';
import { UpstreamError } from '../outbound/types.ts';

const MAX_REDIRECTS = 5;

const refused = (host: string) =>
  new UpstreamError('badRequest', `refused: ${host} is a private, loopback or link-local address`);

const made = new WeakMap<readonly string[], typeof fetch>();

/** The guarded fetch of a list of allowed hosts (one per list: its connections are kept and reused). */
export function guardedFetch(allowedHosts: readonly string[]): typeof fetch {
  let guarded = made.get(allowedHosts);
  if (!guarded) {
    guarded = makeGuardedFetch(allowedHosts);
    made.set(allowedHosts, guarded);
  }
  return guarded;
}

function makeGuardedFetch(allowedHosts: readonly string[]): typeof fetch {
  const allowed = (host: string) => allowedHosts.includes(host.toLowerCase());
  /** undici and this list's agent, made on the first call (a failed load is tried again on the next). */
  let connecting: Promise<{ agent: Agent; undiciFetch: typeof import('undici').fetch }> | undefined;
  const connections = () => {
    if (!connecting) {
      connecting = import('undici').then(({ Agent, fetch: undiciFetch }) => ({
        agent: new Agent({ connect: { lookup } }),
        undiciFetch,
      }));
      connecting.catch(() => {
        connecting = undefined;
      });
    }
    return connecting;
  };
  // Node asks for every address (`all`) when it tries the families in turn, else for one.
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (!allowed(hostname) && !addresses.every((entry) => isPublicAddress(entry.address)))
        return callback(refused(hostname), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };

  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const { agent, undiciFetch } = await connections();
    const start = new URL(input instanceof Request ? input.url : String(input));
    let url = start;
    for (let hop = 0; ; hop++) {
      const host = hostOf(url);
      // An address written in the URL is connected to without a lookup: checked here.
      if (ipaddr.isValid(host) && !allowed(host) && !isPublicAddress(host)) throw refused(host);
      const sameHost = url.origin === start.origin;
      const headers = new Headers(init.headers);
      if (!sameHost) headers.delete('authorization');
      const response = (await undiciFetch(url, {
        ...(init as object),
        headers,
        redirect: 'manual',
        dispatcher: agent,
      } as never)) as unknown as Response;
      const location = response.headers.get('location');
      const redirected = response.status >= 300 && response.status < 400 && location !== null;
      if (!redirected || hop >= MAX_REDIRECTS || (init.method ?? 'GET') !== 'GET') return response;
      url = new URL(location, url);
    }
  };
  return guarded as typeof fetch;
}
