import { z } from 'zod';
import { pageQuery } from '../common.ts';
import { email } from '../users/schemas.ts';

/** The monthly shipment volumes a visitor picks from on /contactUs. */
export const MONTHLY_VOLUMES = ['under100', '100to500', '500to2000', '2000to10000', 'over10000'] as const;

const line = (max: number) =>
  z.string({ error: 'fieldRequired' }).trim().min(1, 'fieldRequired').max(max, 'textTooLong');

/** What a visitor sends from /contactUs (docs/spec.md §1). */
export const contactBody = z.object({
  firstName: line(50),
  lastName: line(50),
  email: email.pipe(z.string().max(200, 'textTooLong')),
  phone: line(30).pipe(z.string().regex(/^\+?[\d\s\-()]{5,30}$/, 'phoneInvalid')),
  monthlyVolume: z.enum(MONTHLY_VOLUMES, { error: 'choiceInvalid' }),
  question: line(2000),
});
export type ContactInput = z.input<typeof contactBody>;

export const CONTACT_STATUS = { open: 0, answered: 1 } as const;

export const contactView = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  monthlyVolume: z.enum(MONTHLY_VOLUMES),
  question: z.string(),
  language: z.enum(['zh-CN', 'en-US']).describe('the page language the visitor wrote in; the reply is mailed in it'),
  status: z.union([z.literal(0), z.literal(1)]).describe('0 waiting for an answer, 1 answered'),
  reply: z.string(),
  repliedBy: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const contactListQuery = pageQuery.extend({
  status: z.enum(['0', '1']).transform(Number).optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const contactReplyBody = z.object({ reply: line(5000) });

/** The public pages whose text the operator writes (sysConfig, group `site`). */
export const SITE_PAGES = ['privacyPolicy', 'termsOfUse'] as const;
export const sitePageParams = z.object({ page: z.enum(SITE_PAGES) });
export const sitePageView = z.object({
  text: z
    .string()
    .describe("the operator's text in the caller's language (the other one if only it is written); '' for none"),
});
