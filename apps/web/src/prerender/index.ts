/** What the build's prerender step (scripts/prerender-sign-in.ts) bundles for Node and runs. */
export { antdStyles, withAntdStyles } from './antdStyles';
export { drawSignInPage } from './drawSignInPage';
export { signInDocument } from './signInDocument';
