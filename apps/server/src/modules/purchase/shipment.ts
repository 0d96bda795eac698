import type { DistanceUnit, MassUnit } from '@parcelport/shared';
import type { Shipment } from '../../carriers/contract/shipment.ts';
import { type OrderInput, type OrderRow, type parcelsOf, parseAddress } from '../orders/index.ts';

type ParcelRows = Awaited<ReturnType<typeof parcelsOf>>;

/** What the carrier adapters rate and buy: from a saved order and its parcels. */
export function shipmentOfOrder(order: OrderRow, parcels: ParcelRows): Shipment {
  return {
    from: parseAddress(order.from_address),
    to: parseAddress(order.to_address),
    parcels: parcels.map((parcel) => ({
      length: parcel.length,
      width: parcel.width,
      height: parcel.height,
      weight: parcel.weight,
      massUnit: parcel.mass_unit as MassUnit,
      distanceUnit: parcel.distance_unit as DistanceUnit,
    })),
    residential: order.residential === 1,
    batteryType: order.battery_type,
  };
}

/** …or from a create payload that has not been saved. */
export function shipmentOfInput(input: OrderInput): Shipment {
  return {
    from: input.from,
    to: input.to,
    parcels: input.parcels,
    residential: input.residential ?? input.to.isResidential,
    batteryType: input.batteryType,
  };
}
