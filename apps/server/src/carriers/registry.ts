import { easypostAdapter } from './easypost/adapter.ts';
import { ratecardAdapter } from './ratecard/adapter.ts';
import type { CarrierAdapter } from './types.ts';

/** Carrier platforms by code; a new adapter registers here and becomes choosable for channels. */
const ADAPTERS = new Map<string, CarrierAdapter>(
  [ratecardAdapter, easypostAdapter].map((adapter) => [adapter.code, adapter]),
);

export function adapterFor(platformCode: string): CarrierAdapter | undefined {
  return ADAPTERS.get(platformCode);
}

export function platformCodes(): string[] {
  return [...ADAPTERS.keys()];
}
