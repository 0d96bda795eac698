import { uspsBarcodeData } from '@parcelport/shared';
import { nextSequenceIn } from '../../db/sequences.ts';
import { zoneBetween } from '../../geo/zones.ts';
import { memoize } from '../../lib/memo.ts';
import type { CarrierAdapter, PurchasedParcel, RateResult } from '../types.ts';
import { chargesTotal, priceParcel } from './pricing.ts';
import { ratecardChannelSettings, ratecardServiceSettings } from './settings.ts';
import { loadRateTable } from './tables.ts';
import { trackingNumberFor } from './tracking-numbers.ts';

/**
 * The built-in rating engine (docs/design.md §6): prices from imported rate tables and zone charts, labels issued
 * under the channel's own account numbers with tracking numbers in each carrier's format.
 */
export const ratecardAdapter: CarrierAdapter = {
  code: 'ratecard',

  async rate(ctx, _channel, services, shipment) {
    if (shipment.from.countryCode !== 'US' || shipment.to.countryCode !== 'US') {
      return services.map((service) => ({ ok: false, serviceId: service.id, reason: 'notDomestic' }));
    }
    const zone = await memoize(ctx.memo, `zone:${shipment.from.zipCode}:${shipment.to.zipCode}`, () =>
      zoneBetween(ctx.db, shipment.from.zipCode, shipment.to.zipCode),
    );
    if (!zone) return services.map((service) => ({ ok: false, serviceId: service.id, reason: 'zipUnknown' }));
    return Promise.all(
      services.map(async (service): Promise<RateResult> => {
        const settings = ratecardServiceSettings.parse(service.settings);
        if (!settings.allowedBatteries.includes(shipment.batteryType)) {
          return { ok: false, serviceId: service.id, reason: 'battery' };
        }
        const table = await loadRateTable(ctx.db, service.id, service.version);
        const parcels = [];
        for (const parcel of shipment.parcels) {
          const priced = priceParcel(settings, table, zone.zone, parcel, {
            residential: shipment.residential,
            destZip: shipment.to.zipCode,
          });
          if (!priced.ok) return { ok: false, serviceId: service.id, reason: priced.reason, params: priced.params };
          parcels.push({ billableOz: priced.billableOz, charges: priced.charges });
        }
        return {
          ok: true,
          serviceId: service.id,
          zone: zone.zone,
          zoneSource: zone.source,
          parcels,
          costCents: parcels.reduce((sum, parcel) => sum + chargesTotal(parcel.charges), 0),
          deliveryDays: settings.deliveryDays[zone.zone - 1] ?? null,
        };
      }),
    );
  },

  async purchase(ctx, channel, service, shipment) {
    const account = ratecardChannelSettings.parse(channel.settings);
    const settings = ratecardServiceSettings.parse(service.settings);
    const count = shipment.parcels.length;
    const first = await nextSequenceIn(ctx.memo, ctx.db, `ratecard:${service.carrierCode}`, count);
    const parcels: PurchasedParcel[] = Array.from({ length: count }, (_, index) => {
      const tracking = trackingNumberFor(service.carrierCode, first + index, {
        mailerId: account.mailerId,
        shipperNumber: account.shipperNumber,
        serviceTypeCode: settings.serviceTypeCode,
      });
      if (service.carrierCode === 'USPS') {
        return {
          trackingNumber: tracking,
          barcode: { symbology: 'gs1-128', data: uspsBarcodeData(shipment.to.zipCode, tracking) },
        };
      }
      return { trackingNumber: tracking, barcode: { symbology: 'code128', data: tracking } };
    });
    return { trackingNumber: (parcels[0] as PurchasedParcel).trackingNumber, parcels };
  },

  async void() {
    // Labels of this platform are issued here; voiding before use needs no outside party.
    return { voided: true };
  },
};
