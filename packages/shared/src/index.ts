export * from './access.ts';
export * from './constants.ts';
export * from './funds.ts';
export * from './insurance.ts';
export * from './parcel.ts';
export * from './menu.ts';
export * from './money.ts';
export * from './tracking.ts';
