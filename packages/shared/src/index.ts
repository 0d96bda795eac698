export * from './access.ts';
export * from './constants.ts';
export * from './funds.ts';
export * from './menu.ts';
export * from './money.ts';
