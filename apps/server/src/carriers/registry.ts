import { easypostAdapter } from './easypost/adapter.ts';
import { karrioAdapter } from './karrio/adapter.ts';
import { ratecardAdapter } from './ratecard/adapter.ts';
import { shipengineAdapter } from './shipengine/adapter.ts';
import type { CarrierAdapter } from './types.ts';
import { uspsAdapter } from './usps/adapter.ts';

/** Carrier platforms by code; a new adapter registers here and becomes choosable for channels. */
const ADAPTERS = new Map<string, CarrierAdapter>(
  [ratecardAdapter, easypostAdapter, shipengineAdapter, karrioAdapter, uspsAdapter].map((adapter) => [
    adapter.code,
    adapter,
  ]),
);

export function adapterFor(platformCode: string): CarrierAdapter | undefined {
  return ADAPTERS.get(platformCode);
}

export function platformCodes(): string[] {
  return [...ADAPTERS.keys()];
}
