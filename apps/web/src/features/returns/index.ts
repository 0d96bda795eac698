/** The face of returns: what other features, the layout and the prerenderer may use of it. */
export { NewReturnDialog } from './NewReturnDialog';
export { ReturnsCard } from './ReturnsCard';
