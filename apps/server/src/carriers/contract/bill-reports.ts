import type { BillPreset } from '@parcelport/shared/contracts/bills/index';
import type { AdapterDeps, ChannelConfig } from './channel.ts';

/** A bill the carrier makes on request: of the labels of a span of days (YYYY-MM-DD, both included, UTC). */
export interface BillReportRequest {
  channel: ChannelConfig;
  from: string;
  to: string;
}

/** Where a bill asked of the carrier stands: still being made, made with nothing in it, failed, or its file. */
export type BillReportState =
  | { status: 'pending' }
  | { status: 'empty' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; file: { filename: string; bytes: Buffer } };

/**
 * A carrier that makes its bill on request (EasyPost's shipment invoice report): asked once, then read until
 * made. The file is read into a bill with `preset`, as an uploaded file of that carrier is (docs/bills.md).
 */
export interface BillReports {
  preset: BillPreset;
  /** Asks for the bill; answers the carrier's id of it. Never repeated: an answer lost is looked up (`find`). */
  request(request: BillReportRequest, deps: AdapterDeps): Promise<string>;
  /**
   * The carrier's id of a bill of the span asked for at `askedAt` whose answer was lost (the newest made since
   * then), or null when it made none.
   */
  find(request: BillReportRequest & { askedAt: number }, deps: AdapterDeps): Promise<string | null>;
  read(request: { channel: ChannelConfig; id: string }, deps: AdapterDeps): Promise<BillReportState>;
}
