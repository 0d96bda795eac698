import type { CarrierCode } from '@parcelport/shared';
import { http, request } from './request';
import type { Page } from './types';

/** SPEC §7: channel and platform lists are fetched with page 1 and page size 9999999. */
const WIDE = { page: 1, pageSize: 9_999_999 } as const;

/** A carrier service of a channel (settings: the platform's rating settings, money in cents). */
export interface CarrierService {
  id: number;
  channelId: number;
  code: string;
  name: string;
  carrierCode: CarrierCode;
  /** 1 enabled, 0 disabled. */
  status: number;
  settings: Record<string, unknown>;
  sort: number;
}

/** A channel: a carrier platform with its account settings, the services it offers and how many users have it. */
export interface Channel {
  id: number;
  name: string;
  platformCode: string;
  carrierCode: CarrierCode;
  status: number;
  settings: Record<string, unknown>;
  isDemo: boolean;
  autoAllot: boolean;
  sort: number;
  users: number;
  services: CarrierService[];
}

export interface ChannelInput {
  name: string;
  platformCode: string;
  carrierCode: CarrierCode;
  settings: Record<string, unknown>;
  autoAllot: boolean;
  status: number;
  sort: number;
}

export interface ServiceInput {
  channelId: number;
  code: string;
  name: string;
  carrierCode: CarrierCode;
  settings: Record<string, unknown>;
  status: number;
  sort: number;
}

/** One cell of a rate table: the price of a weight bracket (up to maxOz) in a zone. */
export interface RateCell {
  zone: number;
  maxOz: number;
  price: string;
}

/** A refused sheet: each bad cell by 1-based row and column. */
export interface SheetError {
  row: number;
  column: number;
  message: string;
}

export interface ZoneAnswer {
  zone: number;
  source: 'chart' | 'distance';
  miles: number | null;
}

export interface UserAllotment {
  userId: number;
  username: string;
  channelIds: number[];
}

export function listChannels() {
  return http.get<Page<Channel>>('/admin/channel/channel', { ...WIDE });
}

/** Every channel with its services, unpaged. */
export function allChannels() {
  return http.get<Channel[]>('/admin/channel/getAllChannel');
}

export function listPlatforms() {
  return http.get<{ list: { code: string; name: string }[]; total: number }>('/admin/channel/channel-platform', {
    ...WIDE,
  });
}

export function listCarriers(platformCode: string) {
  return http.get<{ code: CarrierCode; name: string }[]>('/admin/channel/channel-carrier', {
    channelPlatformId: platformCode,
  });
}

export function createChannel(input: ChannelInput) {
  return http.post<{ id: number }>('/admin/channel/create', input);
}

export function updateChannel(id: number, input: Partial<ChannelInput>) {
  return http.post<null>(`/admin/channel/update/${id}`, input);
}

export function setChannelStatus(id: number, status: number) {
  return http.post<null>(`/admin/channel/enable/${id}`, { status });
}

export function deleteChannel(id: number) {
  return http.post<null>(`/admin/channel/delete/${id}`);
}

export function createService(input: ServiceInput) {
  return http.post<{ id: number }>('/admin/channel/createNew', input);
}

/** Name, carrier, status, sort or settings of a service (updateMixSet). */
export function updateService(serviceId: number, changes: Partial<Omit<ServiceInput, 'channelId' | 'code'>>) {
  return http.post<null>('/admin/channel/updateMixSet', { serviceId, ...changes });
}

export function serviceRates(serviceId: number) {
  return http.get<RateCell[]>(`/admin/channel/service/${serviceId}/rates`);
}

function sheetForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/**
 * Imports a rate table (xlsx/csv). A refused sheet rejects with an ApiError whose data is
 * `{ errors: SheetError[] }`; the caller shows them, so no message pops up here.
 */
export function importRates(serviceId: number, file: File) {
  return request<{ rows: number; zones: number[] }>(`/admin/channel/service/${serviceId}/rates`, {
    method: 'POST',
    data: sheetForm(file),
    isHideMsg: true,
  });
}

export function importZoneChart(file: File) {
  return request<{ pairs: number; origins: number }>('/admin/channel/zone-chart', {
    method: 'POST',
    data: sheetForm(file),
    isHideMsg: true,
  });
}

export function lookupZone(origin: string, destination: string) {
  return http.get<ZoneAnswer>('/admin/zone', { origin, destination });
}

/** Replaces the channels a user may ship with. */
export function allotChannels(userId: number, channelIds: number[]) {
  return http.post<null>('/admin/channel/allot-channel', { userId, channelIds });
}

export function userChannelIds(userId: number) {
  return http.get<number[]>('/admin/user-channel', { userId });
}

export function allUserChannels() {
  return http.get<UserAllotment[]>('/admin/all-user-channel');
}

/** The sheet errors of a refused import, or null when the error is something else. */
export function sheetErrorsOf(error: unknown): SheetError[] | null {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  return Array.isArray(data?.errors) ? (data.errors as SheetError[]) : null;
}
