/** The face of batches: what other features, the layout and the prerenderer may use of it. */
export { selectsRows, VolumeToolbar, volumeToolsFor } from './VolumeToolbar';
