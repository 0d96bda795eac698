import type { Locale } from '@parcelport/shared';

/** The messages modules/branding speaks, in both languages (composed by ../messages.ts). */
export const BRANDING_MESSAGES = {
  logoNotFound: { 'zh-CN': '找不到该 Logo 文件，请重新上传', 'en-US': 'The logo file was not found; upload it again' },
  logoNotImage: {
    'zh-CN': 'Logo 须为图片（PNG、JPEG、GIF 或 WebP）',
    'en-US': 'A logo must be an image (PNG, JPEG, GIF or WebP)',
  },
} satisfies Record<string, Record<Locale, string>>;
