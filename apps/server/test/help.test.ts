/** The help centre (issue 14): articles staff write in both languages, read on /helpCenter and /wordView. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as compareRatesMigration from '../src/db/migrations/0049_help_compare_rates.ts';
import { ADMIN, call, createActiveCustomer, expectFieldError, loginToken, startApp, type TestApp } from './helpers.ts';

/** The web app's texts: the article must name the button as the screen labels it. */
const WEB_LOCALES = path.resolve(import.meta.dirname, '../../web/src/locales');

let t: TestApp;
let admin: string;

const read = (url: string, language = 'en-US') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
const article = (overrides: Record<string, unknown> = {}) => ({
  slug: 'pallets-by-ltl',
  category: 'shipping',
  titleZh: '托盘货运',
  titleEn: 'Shipping pallets',
  bodyZh: '# 托盘\n\n托盘通过零担合作伙伴发运。',
  bodyEn: '# Pallets\n\nPallets go through our LTL partner.',
  published: true,
  sort: 3,
  ...overrides,
});

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('the help centre', () => {
  test("opens with the guide's and the FAQ's articles in both languages", async () => {
    const english = (await read('/api/public/help/articles')).json().data;
    const chinese = (await read('/api/public/help/articles', 'zh-CN')).json().data;
    expect(english.map((line: { slug: string }) => line.slug)).toContain('sign-in-problems');
    expect(english.find((line: { slug: string }) => line.slug === 'sign-in-problems').title).toBe(
      'FAQ: cannot sign in, or no code arrives',
    );
    expect(chinese.find((line: { slug: string }) => line.slug === 'sign-in-problems').title).toBe(
      '常见问题：无法登录或收不到验证码',
    );
    const one = (await read('/api/public/help/articles/use-the-api', 'zh-CN')).json().data;
    expect(one).toMatchObject({ slug: 'use-the-api', category: 'api', title: '使用 API' });
    expect(one.body).toContain('API 密钥');
  });

  test("has the guide's other sections (migration 0042) in both languages, after the first articles", async () => {
    const sections = {
      roles: 'customerService',
      'act-as-a-user': 'Act as',
      'the-interface': 'Tab bar',
      'orders-at-volume': 'Import',
    };
    const english = (await read('/api/public/help/articles')).json().data;
    const slugs = english.map((line: { slug: string }) => line.slug);
    expect(slugs.indexOf('roles')).toBeGreaterThan(slugs.indexOf('use-the-api'));
    // The list's summary is plain words, without the text's marks.
    const roles = english.find((line: { slug: string }) => line.slug === 'roles');
    expect(roles.summary).toContain('customer: the merchant area');
    expect(roles.summary).not.toMatch(/[*`#]/);
    for (const [slug, word] of Object.entries(sections)) {
      const inEnglish = (await read(`/api/public/help/articles/${slug}`, 'en-US')).json().data;
      const inChinese = (await read(`/api/public/help/articles/${slug}`, 'zh-CN')).json().data;
      expect(inEnglish.body).toContain(word);
      expect(inChinese.title).toMatch(/[\u4e00-\u9fff]/);
      expect(inChinese.body).toMatch(/[\u4e00-\u9fff]/);
      expect(inChinese.title).not.toBe(inEnglish.title);
    }
  });

  test("the first label's article names the new-order screen's button as the screen does, in both languages", async () => {
    const button = (locale: string) =>
      (JSON.parse(readFileSync(path.join(WEB_LOCALES, `${locale}.json`), 'utf8')) as Record<string, string>)[
        'newOrder.compare'
      ] as string;
    for (const locale of ['zh-CN', 'en-US']) {
      const body = (await read('/api/public/help/articles/buy-your-first-label', locale)).json().data.body as string;
      expect(body).toContain(button(locale));
    }
  });

  test('migration 0049 mends the sentence in an install made before it, and leaves a rewritten article alone', async () => {
    const articles = () => t.ctx.db.selectFrom('help_articles').where('slug', '=', 'buy-your-first-label');
    const { body_zh: bodyZh, body_en: bodyEn } = await articles()
      .select(['body_zh', 'body_en'])
      .executeTakeFirstOrThrow();
    // The article as migration 0034 wrote it before this change.
    await t.ctx.db
      .updateTable('help_articles')
      .set({
        body_zh: bodyZh.replace('比较运费', '查询价格'),
        body_en: bodyEn.replace('Click Compare rates:', 'Ask for rates:'),
      })
      .where('slug', '=', 'buy-your-first-label')
      .execute();
    await compareRatesMigration.up(t.ctx.db as never);
    expect(await articles().select(['body_zh', 'body_en']).executeTakeFirstOrThrow()).toEqual({
      body_zh: bodyZh,
      body_en: bodyEn,
    });
    // Staff's own words are not touched.
    await t.ctx.db
      .updateTable('help_articles')
      .set({ body_en: 'Our own guide.' })
      .where('slug', '=', 'buy-your-first-label')
      .execute();
    await compareRatesMigration.up(t.ctx.db as never);
    expect((await articles().select('body_en').executeTakeFirstOrThrow()).body_en).toBe('Our own guide.');
    await t.ctx.db
      .updateTable('help_articles')
      .set({ body_en: bodyEn })
      .where('slug', '=', 'buy-your-first-label')
      .execute();
  });

  test('searches titles and texts of either language, within a category', async () => {
    const found = (await read('/api/public/help/articles?keyword=APPROVES')).json().data;
    expect(found.map((line: { slug: string }) => line.slug)).toEqual(['top-up-your-wallet']);
    expect(found[0].summary).toContain('prepaid wallet');
    const inChinese = (await read('/api/public/help/articles?keyword=验证码', 'en-US')).json().data;
    expect(inChinese.map((line: { slug: string }) => line.slug)).toContain('sign-in-problems');
    const billing = (await read('/api/public/help/articles?category=billing')).json().data;
    expect(billing.every((line: { category: string }) => line.category === 'billing')).toBe(true);
    expect((await read('/api/public/help/articles?category=recipes')).statusCode).toBe(400);
  });

  test('staff write an article; a draft is hidden from readers until published; a slug is unique', async () => {
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/help/articles',
      payload: article({ published: false }),
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ published: false, updatedBy: ADMIN.username });
    expect((await read('/api/public/help/articles/pallets-by-ltl')).statusCode).toBe(404);
    expect((await read('/api/public/help/articles?keyword=pallet')).json().data).toEqual([]);

    const published = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/help/articles/${id}`,
      payload: article({ published: true, titleEn: 'Ship pallets' }),
    });
    expect(published.json().data).toMatchObject({ published: true, titleEn: 'Ship pallets' });
    expect((await read('/api/public/help/articles/pallets-by-ltl')).json().data.title).toBe('Ship pallets');

    expectFieldError(
      await call(t.app, admin, { method: 'POST', url: '/api/admin/help/articles', payload: article() }),
      'slug',
    );
    expectFieldError(
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/help/articles',
        payload: article({ slug: 'Not A Slug!', titleZh: '' }),
      }),
      'slug',
    );
    const deleted = await call(t.app, admin, { method: 'POST', url: `/api/admin/help/articles/${id}/delete` });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await read('/api/public/help/articles/pallets-by-ltl')).statusCode).toBe(404);
    const again = await call(t.app, admin, { method: 'POST', url: `/api/admin/help/articles/${id}/delete` });
    expect(again.statusCode).toBe(404);
  });

  test('a merchant may read articles but not write them', async () => {
    const merchant = await createActiveCustomer(t, admin);
    expect((await call(t.app, merchant.token, { method: 'GET', url: '/api/admin/help/articles' })).statusCode).toBe(
      403,
    );
    const write = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/admin/help/articles',
      payload: article({ slug: 'by-a-merchant' }),
    });
    expect(write.statusCode).toBe(403);
  });
});
