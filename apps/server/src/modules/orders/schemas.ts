/**
 * The order schemas live with the contracts (packages/shared/src/contracts/orders/schemas.ts and
 * addresses/schemas.ts); the server's names for what they parse to are kept here for its modules.
 */
import type { AddressBody } from '@parcelport/shared/contracts/addresses/schemas';
import type { OrderBody, ParcelBody } from '@parcelport/shared/contracts/orders/schemas';

export { addressInput } from '@parcelport/shared/contracts/addresses/schemas';
export {
  billedBody,
  cancelAuditBody,
  estimateBody,
  extraInput,
  idsBody,
  labelCreateBody,
  type OrderListQuery,
  orderInput,
  orderListQuery,
  parcelInput,
  reviewBody,
} from '@parcelport/shared/contracts/orders/schemas';

/** An order party after the schema's defaults and trimming. */
export type AddressInput = AddressBody;
/** A parcel after the schema's defaults. */
export type ParcelInput = ParcelBody;
/** An order as the draft, the estimate and the import save it. */
export type OrderInput = OrderBody;
