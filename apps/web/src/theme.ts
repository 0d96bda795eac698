import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * Issue 26, accessibility: the antd theme of the app. WCAG AA asks 4.5:1 between text and its background;
 * antd's own link colour (#1677ff) gives 4.1:1 on white, its secondary grey 3.3:1, and in the dark theme it
 * darkens the links below that. Links therefore take the primary colour (the settings' choice, #165DFF by
 * default), moved towards black (light) or white (dark) until it reads on every background text stands on,
 * and the secondary grey is darker (lighter in dark).
 */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits.slice(0, 6);
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

const hex = (color: Rgb) => `#${color.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance(color: Rgb): number {
  const [r, g, b] = color.map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of two opaque colours (#rrggbb), from 1 to 21. */
export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(rgb(first)), luminance(rgb(second))].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` as it is when it already reads on every background, else mixed towards `towards` (black or
 * white) in small steps until it does: the nearest readable shade of the same hue.
 */
export function readableOn(color: string, backgrounds: readonly string[], towards: '#000000' | '#ffffff'): string {
  const from = rgb(color);
  const to = rgb(towards);
  for (let step = 0; step <= 20; step++) {
    const mixed = hex(from.map((part, index) => part + ((to[index] as number) - part) * (step / 20)) as Rgb);
    if (backgrounds.every((background) => contrast(mixed, background) >= MIN_TEXT_CONTRAST)) return mixed;
  }
  return towards;
}

/**
 * The backgrounds text stands on: the card and the page's grey (colorBgContainer, colorBgLayout, and the
 * #f5f5f5 of filled areas) in light; the card, the raised popups and the page in dark.
 */
export const TEXT_BACKGROUNDS = {
  light: ['#ffffff', '#f5f5f5'],
  dark: ['#141414', '#1f1f1f', '#000000'],
} as const;

/** antd's type of a theme algorithm: seed tokens (and the previous algorithm's map tokens) to map tokens. */
type Algorithm = Extract<NonNullable<ThemeConfig['algorithm']>, (...args: never[]) => unknown>;

/**
 * After antd's own algorithm: the links in the shade of the primary colour that reads on the text
 * backgrounds, and the primary (the fill of primary buttons, under white text) in a shade white reads on.
 * In light both are one colour: white is a text background. In dark antd darkens the primary for its fills,
 * and the link is lightened instead.
 */
function readableColours(mode: 'light' | 'dark', colorPrimary: string): Algorithm {
  // A colour that does not read is darkened on light backgrounds, lightened on dark ones.
  const towards = mode === 'dark' ? '#ffffff' : '#000000';
  const link = readableOn(colorPrimary, TEXT_BACKGROUNDS[mode], towards);
  return (_seed, map) => {
    const derived = map as ReturnType<Algorithm>;
    return {
      ...derived,
      ...readableStatusColours(derived, mode, towards),
      ...readableTagColours(derived, mode, towards),
      colorPrimary: mode === 'light' ? link : readableOn(derived.colorPrimary, ['#ffffff'], '#000000'),
      colorLink: link,
    };
  };
}

/** The status colours, as antd names them in its tokens. */
export const STATUS_COLOURS = ['Error', 'Info', 'Success', 'Warning'] as const;

/**
 * Each status colour (status tags, danger buttons, error and warning texts) in the shade that reads on the
 * text backgrounds and on its own pale background (a status tag's fill): antd's red, blue, green and gold read
 * at 3.0, 3.7, 2.2 and 1.8:1 on theirs. In light white is a text background, so a danger button's white
 * text reads on its red too.
 */
function readableStatusColours(
  derived: ReturnType<Algorithm>,
  mode: 'light' | 'dark',
  towards: '#000000' | '#ffffff',
): Partial<ReturnType<Algorithm>> {
  return Object.fromEntries(
    STATUS_COLOURS.flatMap((status) => {
      const readable = readableOn(
        derived[`color${status}`],
        [...TEXT_BACKGROUNDS[mode], derived[`color${status}Bg`]],
        towards,
      );
      return [
        [`color${status}`, readable],
        [`color${status}Text`, readable],
      ];
    }),
  );
}

/**
 * The grey of secondary text (descriptions, hints, breadcrumbs, statistic titles, empty states) and of
 * placeholders: antd's 45% and 25% black read at 3.3:1 and 1.6:1; these read at 4.5:1 or more on every
 * background of TEXT_BACKGROUNDS (and on a table header's #fafafa).
 */
export const SECONDARY_TEXT = { light: 'rgba(0, 0, 0, 0.58)', dark: 'rgba(255, 255, 255, 0.55)' } as const;

/** antd's preset colours (`<Tag color="green">`): a tag's text is the palette's 7th shade on its 1st. */
export const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * The 7th shade of each preset palette, the text of a preset-colour tag, in the shade that reads on the tag's
 * fill (the 1st) and on the card: antd's green, orange, gold, cyan and lime read at 2.5-3.4:1 in light.
 */
function readableTagColours(
  derived: ReturnType<Algorithm>,
  mode: 'light' | 'dark',
  towards: '#000000' | '#ffffff',
): Partial<ReturnType<Algorithm>> {
  const card = TEXT_BACKGROUNDS[mode][0];
  return Object.fromEntries(
    PRESET_COLOURS.map((colour) => [
      `${colour}7`,
      readableOn(derived[`${colour}7`], [derived[`${colour}1`], card], towards),
    ]),
  );
}

/**
 * The antd theme for the settings' mode and primary colour; without motion (dialogs, drawers, menus and
 * messages appear at once, no click ripple) for a reader whose system asks for reduced motion.
 */
export function appTheme(mode: 'light' | 'dark', colorPrimary: string, reducedMotion = false): ThemeConfig {
  return {
    algorithm: [
      mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      readableColours(mode, colorPrimary),
    ],
    token: {
      colorPrimary,
      colorLink: colorPrimary,
      motion: !reducedMotion,
      colorTextTertiary: SECONDARY_TEXT[mode],
      colorTextDescription: SECONDARY_TEXT[mode],
      colorTextPlaceholder: SECONDARY_TEXT[mode],
    },
    components: {
      // A table's empty text ("all bill lines explained") is a message, not a disabled control: antd draws it
      // in the disabled grey (1.8:1).
      Table: { colorTextDisabled: SECONDARY_TEXT[mode] },
      // Dark: the selected menu item's text, and the title of the group holding it, in white, not the primary
      // blue darkened for fills (2.9:1 on the dark menu).
      ...(mode === 'dark' ? { Menu: { itemSelectedColor: '#ffffff', subMenuItemSelectedColor: '#ffffff' } } : {}),
    },
  };
}
