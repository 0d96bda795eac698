import type { DistanceUnit, MassUnit } from '@parcelport/shared';

export interface Address {
  personName: string;
  company?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  countryCode: string;
  stateCode: string;
  city: string;
  addressLine1: string;
  addressLine2?: string | undefined;
  zipCode: string;
  isResidential?: boolean | undefined;
}

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
