import type { Locale } from './constants.ts';

/**
 * The words a fresh install seeds its demo channels, services and default markup with. They are stored in
 * the install's language (SEED_LOCALE), as names an operator types are in theirs, and shown in the reader's:
 * `readerName` puts one language's words in the other's wherever such a name is shown or exported.
 */
export const DEMO_WORDS: Record<Locale, { channelPrefix: string; serviceMark: string; defaultRule: string }> = {
  'zh-CN': { channelPrefix: '演示 ', serviceMark: '（演示）', defaultRule: '标准加价' },
  'en-US': { channelPrefix: 'Demo ', serviceMark: ' (Demo)', defaultRule: 'Standard markup' },
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (pick: (words: (typeof DEMO_WORDS)[Locale]) => string) =>
  Object.values(DEMO_WORDS)
    .map((words) => escaped(pick(words).trim()))
    .join('|');

const CHANNEL_PREFIX = new RegExp(`^(?:${anyOf((words) => words.channelPrefix)})\\s+`);
const SERVICE_MARK = new RegExp(`\\s*(?:${anyOf((words) => words.serviceMark)})\\s*$`);
const DEFAULT_RULE = new RegExp(`^(?:${anyOf((words) => words.defaultRule)})$`);

/** A seeded service's name as the carrier calls it (for the label), without the demo mark of either language. */
export function withoutDemoMark(serviceName: string): string {
  return serviceName.replace(SERVICE_MARK, '');
}

/**
 * A channel, service or markup name as a reader of `locale` should see it: the demo words of either language
 * in that reader's. Any other name is returned as it was typed.
 */
export function readerName(name: string, locale: Locale): string {
  const words = DEMO_WORDS[locale];
  if (DEFAULT_RULE.test(name)) return words.defaultRule;
  const withMark = SERVICE_MARK.test(name) ? `${withoutDemoMark(name)}${words.serviceMark}` : name;
  return withMark.replace(CHANNEL_PREFIX, words.channelPrefix);
}
