/** The face of templates: what other features, the layout and the prerenderer may use of it. */
export { formatSize } from './templateSize';
export { useTemplateChoices } from './useTemplateChoices';
