import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * The help centre's articles (issue 14), written by staff in both languages. The first ones, the guide and
 * the FAQ a merchant needs, are written here once: staff may then change or delete them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'help_articles')
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await (db as Kysely<{ help_articles: Record<string, unknown> }>)
    .insertInto('help_articles')
    .values(
      FIRST_ARTICLES.map((article, index) => ({
        slug: article.slug,
        category: article.category,
        title_zh: article.zh[0],
        title_en: article.en[0],
        body_zh: article.zh[1],
        body_en: article.en[1],
        published: 1,
        sort: index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * The help centre's first articles, copied into this migration rather than imported: what a migration
 * writes never changes once it has run somewhere. What a merchant needs from the guide and the FAQ, in
 * both languages, as [title, text]. Texts use the help centre's writing: blank lines between blocks, `#`
 * headings, `-` list items.
 */
const FIRST_ARTICLES: {
  slug: string;
  category: string;
  zh: [string, string];
  en: [string, string];
}[] = [
  {
    slug: 'open-an-account',
    category: 'gettingStarted',
    zh: [
      '注册与登录',
      '# 注册\n\n在注册页填写邮箱、电话、公司、姓名和密码（8-16 位），并输入发到邮箱的验证码。有业务员的邀请码时一并填写，账户会归属该业务员。\n\n新账户需管理员激活后才能登录；在此之前登录会提示账户未激活。\n\n# 登录\n\n- 密码在浏览器中加密后才发送\n- “记住密码”只记住用户名并保持登录，从不保存密码\n- 忘记密码时，邮件中的链接 30 分钟内有效，只能使用一次',
    ],
    en: [
      'Open an account and sign in',
      '# Register\n\nOn the registration page give your email, phone, company, name and a password of 8-16 characters, and the code mailed to you. If a sales representative gave you an invitation code, enter it: your account then belongs to them.\n\nA new account can sign in once an administrator has activated it; until then signing in says so.\n\n# Sign in\n\n- your password is encrypted in the browser before it is sent\n- "Remember password" remembers your username and keeps you signed in; it never stores the password\n- a forgotten-password link works once, within 30 minutes',
    ],
  },
  {
    slug: 'buy-your-first-label',
    category: 'shipping',
    zh: [
      '购买第一张面单',
      '# 创建订单\n\n在“订单中心 → 新建订单”填写发件人、收件人和包裹（重量与尺寸）。可以从地址簿选择地址，或使用包裹模板。\n\n# 比价并购买\n\n点击“比较运费”，各渠道的价格与时效会并排显示。选择一个服务后购买，运费从钱包扣除，面单立即可下载（4x6 PDF）。\n\n# 批量\n\n从 Excel 导入多个订单后，可在草稿列表中一次性比价并购买，下载合并 PDF 或压缩包。',
    ],
    en: [
      'Buy your first label',
      '# Create the order\n\nUnder Shipments → New order fill in the sender, the recipient and the parcel (weight and size). Pick addresses from your address book, or a package template.\n\n# Compare and buy\n\nClick Compare rates: every service you may use shows its price and transit time side by side. Buy one and the price is taken from your wallet; the label is ready to download (4x6 PDF) at once.\n\n# Many at once\n\nImport orders from Excel, then rate and buy them together from the draft list, and download one merged PDF or a zip.',
    ],
  },
  {
    slug: 'void-a-label',
    category: 'shipping',
    zh: [
      '作废面单与退款',
      '未使用的面单可以在订单详情中申请作废。作废经审核或承运商确认后，运费退回钱包，在“资金明细”中可以看到退款记录。\n\n已被承运商扫描的面单不能作废。',
    ],
    en: [
      'Void a label and get your money back',
      'An unused label can be voided from its order. Once the void is approved or the carrier confirms it, the price returns to your wallet, and the refund shows in your fund details.\n\nA label the carrier has already scanned cannot be voided.',
    ],
  },
  {
    slug: 'top-up-your-wallet',
    category: 'billing',
    zh: [
      '钱包与充值',
      '面单从预付钱包付款。在“资金管理 → 充值”选择付款方式并提交充值记录，财务审核通过后金额计入钱包。\n\n每一笔收支（充值、下单、退款、账单扣款）都记录在“资金明细”中，可导出为 Excel。',
    ],
    en: [
      'Your wallet and top-ups',
      'Labels are paid from your prepaid wallet. Under Postage & funds → Recharge choose how you pay and send the top-up; once finance approves it the money is in your wallet.\n\nEvery movement (top-up, label, refund, bill deduction) is in your fund details, which you can export to Excel.',
    ],
  },
  {
    slug: 'sign-in-problems',
    category: 'account',
    zh: [
      '常见问题：无法登录或收不到验证码',
      '# 注册后无法登录\n\n新账户需管理员激活。请联系平台管理员。\n\n# 收不到验证码\n\n验证码 10 分钟内有效，每分钟可申请一次。请检查垃圾邮件；仍未收到时请联系平台管理员。\n\n# 登录令牌为什么变了\n\n登录会自动续期：使用一小时后，服务器会返回新的令牌，网页会自动保存，旧令牌在一分钟内仍然有效。',
    ],
    en: [
      'FAQ: cannot sign in, or no code arrives',
      '# I registered but cannot sign in\n\nNew accounts are inactive until an administrator activates them. Contact the administrator of your platform.\n\n# My verification code does not arrive\n\nA code is valid for 10 minutes and one can be asked for each minute. Look in your spam folder; if it is not there, contact the administrator of your platform.\n\n# Why did my session change its token?\n\nSessions renew themselves: after an hour of use the server answers with a fresh token, which the web app keeps; the old one keeps working for a minute.',
    ],
  },
  {
    slug: 'use-the-api',
    category: 'api',
    zh: [
      '使用 API',
      '在“系统管理 → API 设置”创建 API 密钥，用它从您的系统询价、下单、下载面单和追踪包裹。\n\n- 每个请求带上 Authorization: Bearer 加密钥\n- 接口以 Accept-Language 指定的语言（en-US 或 zh-CN）返回提示，未指定时为中文\n- 完整接口说明见 API 参考文档',
    ],
    en: [
      'Use the API',
      'Under System settings → API settings make an API key, and use it to quote, buy, download labels and track parcels from your own systems.\n\n- send it on every call as Authorization: Bearer and the key\n- messages come in the language of Accept-Language (en-US or zh-CN), Chinese when none is given\n- every call is described in the API reference',
    ],
  },
];
