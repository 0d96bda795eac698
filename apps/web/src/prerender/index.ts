/** What the build's prerender step (scripts/prerender-sign-in.ts) bundles for Node and runs. */
export { antdStyles, antdStylesLink, withAntdStyles } from './antdStyles';
export { drawScreens } from './drawScreens';
export { drawSignInPage } from './drawSignInPage';
export { appStylesheet } from './indexEdits';
export { screenDocument } from './screenDocument';
export { signInDocument } from './signInDocument';
