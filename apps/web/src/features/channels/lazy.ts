/**
 * The screens of channels, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const CarrierService = () => import('./CarrierService');
export const CarrierServiceNew = () => import('./CarrierServiceNew');
export const RateCalculation = () => import('./pricing/RateCalculation');
export const UserChannel = () => import('./UserChannel');
export const ChannelList = () => import('./ChannelList');
