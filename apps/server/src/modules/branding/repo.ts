import type { Db } from '../../db/index.ts';

/** `brands`: each account's brand on its recipients' tracking pages and mails. */

export interface BrandColumns {
  name: string;
  logo_attachment_id: number | null;
  color: string;
  support_email: string;
  support_phone: string;
  support_url: string;
}

const COLUMNS = ['name', 'logo_attachment_id', 'color', 'support_email', 'support_phone', 'support_url'] as const;

export function brandRowOf(db: Db, userId: number) {
  return db
    .selectFrom('brands')
    .select(['user_id', ...COLUMNS, 'notice_locale'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export type BrandRow = NonNullable<Awaited<ReturnType<typeof brandRowOf>>>;

export async function upsertBrand(db: Db, userId: number, brand: BrandColumns): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('brands')
    .values({ user_id: userId, ...brand, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...brand, updated_at: now }))
    .execute();
}

export async function setNoticeLocale(db: Db, userId: number, locale: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('brands')
    .values({ user_id: userId, notice_locale: locale, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ notice_locale: locale, updated_at: now }))
    .execute();
}

/** The account's own brand row and the seller's or proxy's it belongs to, with the names to fall back on. */
export async function brandChainOf(db: Db, userId: number) {
  const account = await db
    .selectFrom('users')
    .select(['id', 'owner_id', 'company', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account) return null;
  const owner = account.owner_id
    ? await db
        .selectFrom('users')
        .select(['id', 'company', 'username'])
        .where('id', '=', account.owner_id)
        .executeTakeFirst()
    : undefined;
  return {
    account,
    own: await brandRowOf(db, userId),
    owner: owner ? { account: owner, brand: await brandRowOf(db, owner.id) } : null,
  };
}
