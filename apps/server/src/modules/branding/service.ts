import type { BrandView, brandBody } from '@parcelport/shared/contracts/branding/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invalidFields } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { findAttachment } from '../attachments/index.ts';
import { type BrandRow, brandChainOf, upsertBrand } from './repo.ts';

/**
 * An account's brand (issue 28). A merchant's recipients see the merchant's own brand; while the merchant
 * has set none, the brand of the seller or proxy it belongs to (the reseller tree), else the platform's
 * plain page. A brand is taken whole, never mixed field by field, so a page never shows one account's logo
 * beside another's support address.
 */

/** Image types a logo may be; a PDF is a valid upload but not a logo. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const viewOf = (row: BrandRow): BrandView => ({
  name: row.name,
  logoAttachmentId: row.logo_attachment_id,
  color: row.color,
  supportEmail: row.support_email,
  supportPhone: row.support_phone,
  supportUrl: row.support_url,
});

/** A row saved with every field empty brands nothing. */
const isSet = (row: BrandRow | undefined): row is BrandRow =>
  row !== undefined &&
  (row.name !== '' ||
    row.logo_attachment_id !== null ||
    row.color !== '' ||
    row.support_email !== '' ||
    row.support_phone !== '' ||
    row.support_url !== '');

/** The brand a merchant's recipients see: whose it is (for its logo's file) and what it says. */
export interface EffectiveBrand {
  ownerId: number | null;
  name: string;
  logoAttachmentId: number | null;
  color: string;
  supportEmail: string;
  supportPhone: string;
  supportUrl: string;
}

export async function effectiveBrand(db: Db, merchantId: number): Promise<EffectiveBrand> {
  const chain = await brandChainOf(db, merchantId);
  const plain: EffectiveBrand = {
    ownerId: null,
    name: '',
    logoAttachmentId: null,
    color: '',
    supportEmail: '',
    supportPhone: '',
    supportUrl: '',
  };
  if (!chain) return plain;
  const pick = isSet(chain.own)
    ? { row: chain.own, account: chain.account }
    : isSet(chain.owner?.brand)
      ? { row: chain.owner.brand, account: chain.owner.account }
      : null;
  if (!pick) return { ...plain, name: chain.account.company };
  return { ownerId: pick.account.id, ...viewOf(pick.row), name: pick.row.name || pick.account.company };
}

export async function brandOf(db: Db, userId: number) {
  const chain = await brandChainOf(db, userId);
  return {
    own: isSet(chain?.own) ? viewOf(chain.own) : null,
    inherited: isSet(chain?.owner?.brand) ? viewOf(chain.owner.brand) : null,
  };
}

/** Saves the account's brand; the logo must be an image the account uploaded itself. */
export async function saveBrand(ctx: AppContext, userId: number, body: z.output<typeof brandBody>) {
  if (body.logoAttachmentId !== null) {
    const file = await findAttachment(ctx.db, body.logoAttachmentId);
    if (!file || file.user_id !== userId) throw invalidFields({ logoAttachmentId: 'logoNotFound' });
    if (!LOGO_TYPES.has(file.mime)) throw invalidFields({ logoAttachmentId: 'logoNotImage' });
  }
  await upsertBrand(ctx.db, userId, {
    name: body.name,
    logo_attachment_id: body.logoAttachmentId,
    color: body.color.toLowerCase(),
    support_email: body.supportEmail,
    support_phone: body.supportPhone,
    support_url: body.supportUrl,
  });
  return brandOf(ctx.db, userId);
}

/** The logo file of a brand, read from the storage (the public page serves it). */
export async function logoOf(ctx: AppContext, brand: EffectiveBrand) {
  if (brand.logoAttachmentId === null) return null;
  const file = await findAttachment(ctx.db, brand.logoAttachmentId);
  if (!file || file.user_id !== brand.ownerId || !LOGO_TYPES.has(file.mime)) return null;
  return { mime: file.mime, bytes: await ctx.storage.get(file.stored_name) };
}
