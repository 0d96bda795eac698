/** The face of purchase: what other features, the layout and the prerenderer may use of it. */

export { useLabelDefaults } from './labelDefaults';
export { initialOrderValues, type OrderFormValues, toPayload } from './orderForm';
export { ParcelEditor } from './ParcelEditor';
export { newIdempotencyKey } from './purchase';
