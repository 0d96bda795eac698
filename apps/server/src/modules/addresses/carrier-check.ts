/**
 * The carrier's word on an address, added to the offline check (validate.ts) of a single address: the first
 * enabled channel set to verify addresses (`validateAddresses`) whose platform can asks its carrier whether
 * it delivers there. Undeliverable is an error with the carrier's words; a deliverable address comes back
 * in the carrier's standard form (ZIP+4) as the suggestion; a carrier that cannot be asked now leaves the
 * offline check standing, with a warning. Answers are kept a while per address, since each costs a call
 * of the channel's quota.
 */

import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { AddressVerdict, PostalAddress } from '../../carriers/contract/addresses.ts';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, addressCheckingChannels } from '../channels/index.ts';
import type { AddressCheck } from './validate.ts';

/** How long, and for how many addresses, a carrier's answer is kept. */
const KEPT_MS = 60 * 60_000;
const KEPT_MAX = 5_000;
const kept = new Map<string, { verdict: AddressVerdict; until: number }>();

function keep(key: string, verdict: AddressVerdict, now: number) {
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
  kept.set(key, { verdict, until: now + KEPT_MS });
}

async function checkingChannel(ctx: AppContext): Promise<{
  channel: ChannelConfig;
  adapter: CarrierAdapter & Required<Pick<CarrierAdapter, 'validateAddress'>>;
} | null> {
  for (const channel of await addressCheckingChannels(ctx.db)) {
    const adapter = adapterFor(channel.platformCode);
    if (adapter?.validateAddress)
      return { channel, adapter: adapter as CarrierAdapter & Required<Pick<CarrierAdapter, 'validateAddress'>> };
  }
  return null;
}

export async function withCarrierCheck(ctx: AppContext, check: AddressCheck): Promise<AddressCheck> {
  if (!check.valid || check.suggestion.countryCode !== 'US') return check;
  const checking = await checkingChannel(ctx);
  if (!checking) return check;
  const { channel, adapter } = checking;
  const address: PostalAddress = { ...check.suggestion };
  const key = JSON.stringify([channel.id, channel.settings, address]);
  const now = Date.now();
  let verdict = (kept.get(key)?.until ?? 0 > now) ? kept.get(key)?.verdict : undefined;
  if (!verdict) {
    try {
      verdict = await adapter.validateAddress({ channel, address }, adapterDeps(ctx, adapter, channel));
      keep(key, verdict, now);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const issue = {
        field: 'addressLine1',
        code: 'carrierUnreachable' as const,
        severity: 'warning' as const,
        detail: error.message,
      };
      return { ...check, issues: [...check.issues, issue] };
    }
  }
  if (!verdict.deliverable) {
    const issue = {
      field: verdict.field ?? 'addressLine1',
      code: 'undeliverable' as const,
      severity: 'error' as const,
      detail: verdict.message ?? '',
    };
    return { ...check, valid: false, issues: [...check.issues, issue] };
  }
  const suggestion = { ...check.suggestion, ...verdict.standardized };
  const corrected =
    check.corrected ||
    (Object.keys(suggestion) as (keyof typeof suggestion)[]).some(
      (field) => suggestion[field] !== check.suggestion[field],
    );
  return {
    ...check,
    suggestion,
    corrected,
    byCarrier: true,
    ...(verdict.residential !== undefined ? { residential: verdict.residential } : {}),
  };
}
