/** The face of channels: what other features, the layout and the prerenderer may use of it. */
export { AllotChannelsModal } from './AllotChannels';
export { UserPriceRulesModal } from './pricing/UserPriceRulesModal';
