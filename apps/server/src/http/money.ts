/** The money schemas live with the contracts (packages/shared/src/contracts/money.ts). */
export { moneyInput, positiveMoneyInput } from '@parcelport/shared/contracts/money';
