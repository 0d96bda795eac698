/** The face of sign-in: what other features, the layout and the prerenderer may use of it. */

export { DRAWN_ATTRIBUTE } from './drawnEntry';
export { default as LoginPage } from './LoginPage';
