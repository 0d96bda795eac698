/** The face of work-orders: what other features, the layout and the prerenderer may use of it. */
export { workOrderPath } from './options';
