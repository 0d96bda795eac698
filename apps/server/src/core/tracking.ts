/** One scan of a parcel, as a provider reports it. */
export interface TrackingEvent {
  status: number;
  description: string;
  location: string;
  occurredAt: number;
}
