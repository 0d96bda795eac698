/** The face of funds: what other features, the layout and the prerenderer may use of it. */
export { ExchangeRateTag, WalletSummary } from './WalletSummary';
