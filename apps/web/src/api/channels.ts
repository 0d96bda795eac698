import * as contracts from '@parcelport/shared/contracts/channels/index';
import { call } from './call';

/**
 * Carrier management (/maintenance/channel): channels, their services, rate tables, zone charts and
 * allotments. The shapes are the contracts' (packages/shared/src/contracts/channels).
 */
export type { AllotmentChoice } from '@parcelport/shared/contracts/channels/allot-channels';
export type {
  CarrierService,
  Channel,
  RateCell,
  UserAllotment,
  ZoneAnswer,
} from '@parcelport/shared/contracts/channels/schemas';

/** The forms hold a status as a number; the contracts take 1 (enabled) or 0 (disabled), the server refuses others. */
type WithStatus<T> = Omit<T, 'status'> & { status: number };
export type ChannelInput = WithStatus<contracts.ChannelInput>;
export type ServiceInput = WithStatus<contracts.ServiceInput>;
const flag = (status: number) => status as 0 | 1;
const withFlag = <T extends { status?: number }>(input: T) =>
  input.status === undefined ? { ...input, status: undefined } : { ...input, status: flag(input.status) };

/** docs/api.md: channel and platform lists are fetched with page 1 and page size 9999999. */
const WIDE = { page: 1, pageSize: 9_999_999 } as const;

/** A refused sheet: each bad cell by 1-based row and column. */
export interface SheetError {
  row: number;
  column: number;
  message: string;
}

export const listChannels = () => call(contracts.listChannels, { query: { ...WIDE } });

export const listPlatforms = () => call(contracts.listPlatforms, { query: { ...WIDE } });

export const createChannel = (input: ChannelInput) => call(contracts.createChannel, { body: withFlag(input) });

export const updateChannel = (id: number, input: Partial<ChannelInput>) =>
  call(contracts.updateChannel, { params: { id }, body: withFlag(input) });

export const setChannelStatus = (id: number, status: number) =>
  call(contracts.setChannelStatus, { params: { id }, body: { status: flag(status) } });

export const createService = (input: ServiceInput) => call(contracts.createService, { body: withFlag(input) });

/** Name, carrier, status, sort or settings of a service (updateMixSet). */
export const updateService = (serviceId: number, changes: Partial<Omit<ServiceInput, 'channelId' | 'code'>>) =>
  call(contracts.updateService, { body: { serviceId, ...withFlag(changes) } });

function sheetForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/**
 * Imports a rate table (xlsx/csv). A refused sheet rejects with an ApiError whose data is
 * `{ errors: SheetError[] }`; the caller shows them, so no message pops up here.
 */
export const importRates = (serviceId: number, file: File) =>
  call(contracts.importRates, { params: { id: serviceId }, body: sheetForm(file) }, { isHideMsg: true });

export const importZoneChart = (file: File) =>
  call(contracts.importZoneChart, { body: sheetForm(file) }, { isHideMsg: true });

/** The sheet errors of a refused import, or null when the error is something else. */
export function sheetErrorsOf(error: unknown): SheetError[] | null {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  return Array.isArray(data?.errors) ? (data.errors as SheetError[]) : null;
}
