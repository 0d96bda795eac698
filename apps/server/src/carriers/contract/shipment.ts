import type { DistanceUnit, MassUnit } from '@parcelport/shared';
import type { PartialAddress } from '@parcelport/shared/contracts/addresses/schemas';

/** An address as a carrier takes it: the shared one, its contact, second line and residential flag optional. */
export type Address = PartialAddress<'company' | 'phone' | 'email' | 'addressLine2' | 'isResidential'>;

export interface ShipmentParcel {
  length: number;
  width: number;
  height: number;
  weight: number;
  massUnit: MassUnit;
  distanceUnit: DistanceUnit;
}

export interface Shipment {
  from: Address;
  to: Address;
  parcels: ShipmentParcel[];
  residential: boolean;
  batteryType: string;
}
