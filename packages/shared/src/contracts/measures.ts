import { bodyNumber } from './common.ts';

/**
 * A parcel's or a package template's measures: the one rule the server checks and the forms show.
 * Units are the parcel's own (in or cm, lb or kg); the bounds keep a typo from reaching a carrier.
 */
export const dimensionInput = () => bodyNumber().positive('dimensionPositive').max(10_000, 'dimensionTooLarge');

export const weightInput = () => bodyNumber().positive('weightPositive').max(100_000, 'weightTooLarge');
