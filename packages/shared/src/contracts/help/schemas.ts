import { z } from 'zod';

/** The help centre's categories (/helpCenter), in the order it shows them. */
export const HELP_CATEGORIES = ['gettingStarted', 'shipping', 'billing', 'account', 'api'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

const text = (max: number) =>
  z.string({ error: 'fieldRequired' }).trim().min(1, 'fieldRequired').max(max, 'textTooLong');

/** An article as staff write it: both languages, a readable address (slug), published or a draft. */
export const articleBody = z.object({
  slug: z
    .string({ error: 'fieldRequired' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slugFormat')
    .max(80, 'textTooLong'),
  category: z.enum(HELP_CATEGORIES, { error: 'choiceInvalid' }),
  titleZh: text(120),
  titleEn: text(120),
  bodyZh: text(50_000),
  bodyEn: text(50_000),
  published: z.boolean({ error: 'invalidInput' }),
  sort: z.number({ error: 'numberInvalid' }).int('wholeNumberInvalid').min(0).max(9999).default(0),
});
export type ArticleInput = z.input<typeof articleBody>;

/** Staff's view: everything, both languages. */
export const articleView = z.object({
  id: z.number(),
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  published: z.boolean(),
  sort: z.number(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});

/** A reader's view: the caller's language (the other one where a text is missing). */
export const readerArticle = z.object({
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export const readerArticleLine = readerArticle.omit({ body: true }).extend({
  summary: z.string().describe('the first lines of the text'),
});

export const articleSearch = z.object({
  keyword: z.string().trim().max(100).optional(),
  category: z.enum(HELP_CATEGORIES).optional(),
});
export const slugParams = z.object({ slug: z.string().max(80) });
