/** The face of tracking: what other features, the layout and the prerenderer may use of it. */
export { TrackingPageLink } from './TrackingPageLink';
export { TrackingStateTag } from './TrackingStateTag';
