import type { Generated } from 'kysely';

/** What only a return order has (0075, modules/returns). */
export interface ReturnsTable {
  order_id: number;
  user_id: number;
  /** The outbound order it comes back from; null for a return made on its own. */
  outbound_id: number | null;
  /** 1: free when made, charged when the carrier first scans it; 0: charged when bought. */
  pay_on_use: Generated<number>;
  /** Until when the carrier honours the label (pay on use); unused by then, it lapses. */
  valid_until: number | null;
  /** When the carrier first scanned it (and, paid on use, it was charged). */
  used_at: number | null;
  lapsed_at: number | null;
  /** SHA-256 (hex) of the return link's id, and the id sealed with the server's key. */
  link_hash: string;
  link_sealed: string;
  /** The carrier's QR code of the label (a PNG in the file storage), where it offers one (migration 0085). */
  qr_file: Generated<string | null>;
  /**
   * A pay-on-use return of a proxy's customer: the proxy and its commission (cents) the quote held, credited
   * at the first scan with the charge (migration 0086); 0 / null otherwise.
   */
  proxy_id: Generated<number | null>;
  commission: Generated<number>;
  created_at: number;
}

/** The tables modules/returns writes, by name (test/table-owners.test.ts). */
export interface ReturnsTables {
  returns: ReturnsTable;
}
