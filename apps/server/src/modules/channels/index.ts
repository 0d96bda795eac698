/** The face of modules/channels: what other rooms may use of it (docs/architecture.md). */
export { adapterDeps } from './adapter-deps.ts';
export { seedDemoChannels } from './demo.ts';
export { carrierTrackingChannels, labelChannelOf } from './label-channel.ts';
export { declareModule } from './module.ts';
export { ratingDataFor } from './rating-data.ts';
export type { AllottedService } from './repo.ts';
export { addressCheckingChannels, allotDefaultChannels, allottedServices, channelConfig } from './repo.ts';
export { channelRoutes } from './routes.ts';
