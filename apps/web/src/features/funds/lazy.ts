/**
 * The screens of funds, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const FundDetailsAdmin = () => import('./FundDetailsAdmin');
export const Recharge = () => import('./Recharge');
export const RechargeRecord = () => import('./RechargeRecord');
export const FundDetails = () => import('./FundDetails');
export const FeeDetails = () => import('./FeeDetails');
export const UserRechargeRecords = () => import('./UserRechargeRecords');
export const CustomerRecharge = () => import('./CustomerRecharge');
export const DoubtfulOrderFlow = () => import('./DoubtfulOrderFlow');
