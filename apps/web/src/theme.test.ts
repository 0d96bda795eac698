import { THEME_COLOR } from '@parcelport/shared';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  appTheme,
  contrast,
  MIN_TEXT_CONTRAST,
  PRESET_COLOURS,
  readableOn,
  SECONDARY_TEXT,
  STATUS_COLOURS,
  TEXT_BACKGROUNDS,
} from './theme';

/** `rgba(r, g, b, a)` laid over an opaque background, as #rrggbb. */
function over(rgba: string, background: string): string {
  const [r, g, b, a] = (rgba.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number, number];
  const base = [1, 3, 5].map((at) => Number.parseInt(background.slice(at, at + 2), 16));
  return `#${[r, g, b]
    .map((part, index) => Math.round(part * a + (base[index] as number) * (1 - a)))
    .map((part) => part.toString(16).padStart(2, '0'))
    .join('')}`;
}

// The theme colour and the settings drawer's presets (apps/web/src/layout/SettingsDrawer.tsx).
const COLOURS = [THEME_COLOR, '#722ED1', '#F53F3F', '#FF7D00', '#00B42A', '#14C9C9', '#EB2F96'];

describe('the app theme reads at WCAG AA (issue 26)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
    // antd's default link colour, the one axe found on 71 screens.
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast(THEME_COLOR, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('keeps a colour that already reads and darkens or lightens one that does not', () => {
    expect(readableOn('#165dff', TEXT_BACKGROUNDS.light, '#000000')).toBe('#165dff');
    const orange = readableOn('#FF7D00', TEXT_BACKGROUNDS.light, '#000000');
    for (const background of TEXT_BACKGROUNDS.light) {
      expect(contrast(orange, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`gives links, and the white text of primary buttons, 4.5:1 in ${mode} for every preset colour`, () => {
      for (const colour of COLOURS) {
        const token = antdTheme.getDesignToken(appTheme(mode, colour));
        for (const background of TEXT_BACKGROUNDS[mode]) {
          expect(contrast(token.colorLink, background), `${colour} link on ${background}`).toBeGreaterThanOrEqual(
            MIN_TEXT_CONTRAST,
          );
        }
        expect(contrast('#ffffff', token.colorPrimary), `white on ${colour}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
      expect(antdTheme.getDesignToken(appTheme('light', THEME_COLOR)).colorLink.toLowerCase()).toBe(
        THEME_COLOR.toLowerCase(),
      );
    });

    it(`gives status tags, error texts and preset-colour tags 4.5:1 on their fills in ${mode}`, () => {
      const token = antdTheme.getDesignToken(appTheme(mode, THEME_COLOR)) as unknown as Record<string, string>;
      for (const status of STATUS_COLOURS) {
        for (const background of [...TEXT_BACKGROUNDS[mode], token[`color${status}Bg`]!]) {
          expect(contrast(token[`color${status}`]!, background), `${status} on ${background}`).toBeGreaterThanOrEqual(
            MIN_TEXT_CONTRAST,
          );
        }
        expect(token[`color${status}Text`]).toBe(token[`color${status}`]);
      }
      for (const colour of PRESET_COLOURS) {
        expect(contrast(token[`${colour}7`]!, token[`${colour}1`]!), `${colour} tag`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
      // A danger button's white text on its red (light: the primary danger button is filled with it).
      if (mode === 'light') expect(contrast('#ffffff', token.colorError!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    });

    if (mode === 'dark') {
      it('shows the selected menu item and the title of its group in white on the dark menu', () => {
        const menu = appTheme('dark', THEME_COLOR).components?.Menu;
        expect(menu?.itemSelectedColor).toBe('#ffffff');
        expect(menu?.subMenuItemSelectedColor).toBe('#ffffff');
      });
    }

    it(`gives secondary text and placeholders 4.5:1 in ${mode}`, () => {
      const token = antdTheme.getDesignToken(appTheme(mode, THEME_COLOR));
      expect(token.colorTextDescription).toBe(SECONDARY_TEXT[mode]);
      expect(token.colorTextPlaceholder).toBe(SECONDARY_TEXT[mode]);
      expect(appTheme(mode, THEME_COLOR).components?.Table?.colorTextDisabled).toBe(SECONDARY_TEXT[mode]);
      for (const background of [...TEXT_BACKGROUNDS[mode], ...(mode === 'light' ? ['#fafafa'] : [])]) {
        expect(contrast(over(SECONDARY_TEXT[mode], background), background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    });
  }
});
