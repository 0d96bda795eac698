import type { Generated } from 'kysely';

/** A carrier pickup booked for a channel's labels (migration 0115, modules/pickups); the fee in cents. */
export interface PickupsTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  /** YYYY-MM-DD */
  pickup_date: string;
  /** HH:MM, the carrier's local time at the pickup address. */
  window_start: string;
  window_end: string;
  location: string;
  instructions: string;
  package_count: number;
  weight_oz: number;
  /**
   * 'asking' (sent to the carrier, its answer not yet known: migration 0135) | 'scheduled' | 'cancelling' |
   * 'cancelled' | 'notBooked' (an ask the carrier, or staff, found it never booked)
   */
  status: string;
  confirmation_no: string | null;
  upstream_id: string | null;
  fee: number;
  created_by: number | null;
  created_at: number;
  cancelled_at: number | null;
  /** When the booking was sent while its answer is not known (null once it is). */
  asked_at: number | null;
  /** YYYY-MM-DD: the day whose labels the booking named (null before migration 0135). */
  label_date: string | null;
  /** Staff who settled a lost booking the carrier cannot be asked about (USPS), and when. */
  settled_by: number | null;
  settled_at: number | null;
}

/** The tables modules/pickups writes, by name (test/table-owners.test.ts). */
export interface PickupsTables {
  pickups: PickupsTable;
}
