import type { Locale } from '@parcelport/shared';

/** The messages modules/attachments speaks, in both languages (composed by ../messages.ts). */
export const ATTACHMENTS_MESSAGES = {
  uploadTooLarge: { 'zh-CN': '文件大小不能超过500KB', 'en-US': 'The file size cannot exceed 500KB' },
  uploadFailed: { 'zh-CN': '上传失败', 'en-US': 'Upload failed' },
  uploadType: {
    'zh-CN': '仅支持图片（PNG、JPEG、GIF、WebP）和 PDF',
    'en-US': 'Only images (PNG, JPEG, GIF, WebP) and PDF are accepted',
  },
  uploadMissing: { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
} satisfies Record<string, Record<Locale, string>>;
