/** The face of claims: what other features, the layout and the prerenderer may use of it. */
export { OrderClaims } from './OrderClaims';
