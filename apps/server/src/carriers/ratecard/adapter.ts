import { randomInt } from 'node:crypto';
import { uspsBarcodeData } from '@parcelport/shared';
import type { CarrierAdapter } from '../contract/adapter.ts';
import type { ServiceConfig } from '../contract/channel.ts';
import type { PurchasedParcel } from '../contract/labels.ts';
import type { RateResult } from '../contract/rates.ts';
import { chargesTotal, priceParcel } from './pricing.ts';
import { type RatecardServiceSettings, ratecardChannelSettings, ratecardServiceSettings } from './settings.ts';
import { trackingNumberFor } from './tracking-numbers.ts';

/**
 * A service's settings, parsed once per settings object: the service's rows are read once per catalogue
 * version and shared by every quote (lib/catalogue-memo.ts), so a quote does not parse them again.
 */
const parsedSettings = new WeakMap<object, RatecardServiceSettings>();
function serviceSettingsOf(service: ServiceConfig): RatecardServiceSettings {
  let settings = parsedSettings.get(service.settings);
  if (!settings) {
    settings = ratecardServiceSettings.parse(service.settings);
    parsedSettings.set(service.settings, settings);
  }
  return settings;
}

/**
 * The built-in rating engine (docs/design.md §6): prices from the platform's rate tables and zones (handed
 * in by the service), labels issued under the channel's own account numbers with tracking numbers in each
 * carrier's format. It calls no one.
 */
export const ratecardAdapter: CarrierAdapter = {
  code: 'ratecard',
  channelSettings: ratecardChannelSettings,
  serviceSettings: ratecardServiceSettings,
  usesRatingData: true,
  offlineRates: true,
  // Labels issued here: a return is simulated as paid on use (charged at the first scan its tracking
  // reports), honoured for 30 days (a validity chosen for the simulation, not a carrier's figure).
  returns: { payOnUse: true, validityDays: 30 },
  // The demo carrier's pickups are simulated: booked at once with a confirmation number of its own, at the
  // channel's fee (none unless set), cancelled at once.
  pickups: {
    feeBefore: (channel) => ratecardChannelSettings.parse(channel.settings).pickupFeeCents,
    async book({ channel }) {
      const confirmation = `DPU${String(randomInt(1e9)).padStart(9, '0')}`;
      const feeCents = ratecardChannelSettings.parse(channel.settings).pickupFeeCents;
      return { confirmation, upstreamId: confirmation, feeCents };
    },
    async cancel() {},
  },

  async rate({ services, shipment, data }) {
    if (shipment.from.countryCode !== 'US' || shipment.to.countryCode !== 'US') {
      return services.map((service) => ({ ok: false, serviceId: service.id, reason: 'notDomestic' }));
    }
    const zone = data?.zone;
    if (!zone) return services.map((service) => ({ ok: false, serviceId: service.id, reason: 'zipUnknown' }));
    return services.map((service): RateResult => {
      const settings = serviceSettingsOf(service);
      if (!settings.allowedBatteries.includes(shipment.batteryType)) {
        return { ok: false, serviceId: service.id, reason: 'battery' };
      }
      const table = data.rateTables.get(service.id) ?? new Map();
      const parcels = [];
      for (const parcel of shipment.parcels) {
        const priced = priceParcel(settings, table, zone.zone, parcel, {
          residential: shipment.residential,
          destZip: shipment.to.zipCode,
        });
        if (!priced.ok) {
          const { ok: _, ...unavailable } = priced;
          return { ok: false, serviceId: service.id, ...unavailable };
        }
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
    });
  },

  async purchase({ channel, service, shipment, nextNumbers }) {
    const account = ratecardChannelSettings.parse(channel.settings);
    const settings = serviceSettingsOf(service);
    const count = shipment.parcels.length;
    const first = await nextNumbers(`ratecard:${service.carrierCode}`, count);
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
    return { status: 'refunded' };
  },
};
