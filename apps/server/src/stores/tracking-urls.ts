/** Where a customer follows a parcel on its carrier's public site (the link a store shows with the number). */
const TRACKING_PAGES: Record<string, (number: string) => string> = {
  USPS: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  UPS: (number) => `https://www.ups.com/track?tracknum=${number}`,
  FEDEX: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
};

export function carrierTrackingUrl(carrierCode: string, trackingNumber: string): string {
  const page = TRACKING_PAGES[carrierCode.toUpperCase()];
  return page ? page(encodeURIComponent(trackingNumber)) : '';
}
