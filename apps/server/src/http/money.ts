/** Money amounts in requests: the funds contracts' (packages/shared/src/contracts/funds/schemas.ts). */
export { moneyInput, positiveMoneyInput } from '@parcelport/shared/contracts/funds/schemas';
