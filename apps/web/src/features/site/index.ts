/** The face of site: what other features, the layout and the prerenderer may use of it. */
export { Heading, Secondary } from './Heading';
export { PageText } from './PageText';
export { PublicShell } from './PublicShell';
