/**
 * The face of branding: what other features, the layout and the prerenderer may use of it.
 * Nothing: its screens are the router's, loaded on demand from ./lazy.ts.
 */
export {};
