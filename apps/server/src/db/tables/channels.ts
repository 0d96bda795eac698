import type { Generated } from 'kysely';

export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  platform_code: string;
  carrier_code: string;
  status: Generated<number>;
  /** JSON: the platform's credentials and settings. */
  settings: Generated<string>;
  is_demo: Generated<number>;
  auto_allot: Generated<number>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CarrierServicesTable {
  id: Generated<number>;
  channel_id: number;
  code: string;
  name: string;
  carrier_code: string;
  status: Generated<number>;
  /** JSON: rating settings (dimensional divisor, limits, surcharges, delivery days). */
  settings: Generated<string>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface RateTablesTable {
  service_id: number;
  zone: number;
  max_oz: number;
  price_cents: number;
}

export interface ZoneChartsTable {
  origin_zip3: string;
  dest_zip3: string;
  zone: number;
}

export interface UserChannelsTable {
  user_id: number;
  channel_id: number;
}

/**
 * A slot of a channel's minute ring (0150): `00`…`60`, the second (epoch seconds) modulo 61, so the second
 * a minute ago and this one never share a slot.
 */
export type MinuteSlot =
  | `${'0' | '1' | '2' | '3' | '4' | '5'}${'0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'}`
  | '60';

/**
 * The minute ring: for each of the last 61 seconds, the requests counted in it and the time (epoch ms) of
 * the latest of them, which also tells which second the slot holds.
 */
export type MinuteRingColumns = { [S in MinuteSlot as `minute_count_${S}`]: Generated<number> } & {
  [S in MinuteSlot as `minute_last_${S}`]: Generated<number>;
};

/** A channel's shared quota counters and circuit breaker (0024, modules/channels/gate.ts). */
export interface ChannelGatesTable extends MinuteRingColumns {
  channel_id: number;
  second_start: Generated<number>;
  second_count: Generated<number>;
  /** Unused since 0150 (the minute ring): an instance of the version before, still running, counts here. */
  minute_start: Generated<number>;
  minute_count: Generated<number>;
  prev_minute_count: Generated<number>;
  /** The clock hour (epoch ms at its start) `hour_count` requests were made in. */
  hour_start: Generated<number>;
  hour_count: Generated<number>;
  /** Transient failures in a row; at the channel's threshold the breaker opens. */
  failures: Generated<number>;
  /** While in the future the channel takes no calls but one probe (0 when closed). */
  paused_until: Generated<number>;
  /** When the carrier last refused the channel's credentials; null while they work. */
  auth_failed_at: number | null;
  auth_error: Generated<string>;
}

/** One concurrency slot of a channel, held by a call until `held_until` (0024). */
export interface ChannelSlotsTable {
  channel_id: number;
  slot: number;
  held_until: Generated<number>;
  holder: Generated<string>;
}

/** The tables modules/channels writes, by name (test/table-owners.test.ts). */
export interface ChannelsTables {
  channels: ChannelsTable;
  carrier_services: CarrierServicesTable;
  rate_tables: RateTablesTable;
  zone_charts: ZoneChartsTable;
  user_channels: UserChannelsTable;
  channel_gates: ChannelGatesTable;
  channel_slots: ChannelSlotsTable;
}
