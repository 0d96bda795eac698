/** Full paths of the carrier management screens (packages/shared menu.ts, /adminSettings/permission). */
export const CARRIER_SERVICE_PATH = '/adminSettings/permission/carrierService';
export const CARRIER_SERVICE_NEW_PATH = '/adminSettings/permission/carrierServiceNew';
