import type { Locale } from '@parcelport/shared';
import { z } from 'zod';
import { isMessageKey, translate } from './messages.ts';

const zodLocales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en() };

/**
 * A validation issue's message in the reader's language: our catalogue's words when the schema names a key,
 * zod's own words in that language otherwise (its English default would reach a zh-CN reader).
 */
export function issueMessage(issue: z.core.$ZodRawIssue | z.core.$ZodIssue, locale: Locale): string {
  const message = issue.message ?? '';
  if (message && isMessageKey(message)) return translate(message, locale);
  if (locale === 'en-US' && message) return message;
  const localised = zodLocales[locale].localeError(issue as z.core.$ZodRawIssue);
  return typeof localised === 'string' ? localised : (localised?.message ?? message);
}
