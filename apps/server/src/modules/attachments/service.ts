import { UPLOAD_LIMIT_BYTES } from '@parcelport/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { accountsInScope } from '../../scope/accounts.ts';
import { detectFileType } from './file-type.ts';
import { findAttachment, insertAttachment } from './repo.ts';

export interface StoredAttachment {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/**
 * Keeps an uploaded image or PDF of at most 500KB. Anything refused, or a failure midway, leaves neither a
 * file nor a row behind.
 */
export async function saveAttachment(
  ctx: AppContext,
  userId: number,
  originalName: string,
  bytes: Buffer,
): Promise<StoredAttachment> {
  if (bytes.length > UPLOAD_LIMIT_BYTES) throw invalidFields({ file: 'uploadTooLarge' });
  if (bytes.length === 0) throw invalidFields({ file: 'uploadMissing' });
  const type = detectFileType(bytes);
  if (!type) throw invalidFields({ file: 'uploadType' });
  const storedName = await ctx.storage.put(bytes, type.ext);
  try {
    const row = await insertAttachment(ctx.db, {
      userId,
      storedName,
      originalName: originalName.slice(0, 200),
      mime: type.mime,
      size: bytes.length,
    });
    return {
      id: row.id,
      name: originalName,
      mime: type.mime,
      size: bytes.length,
      url: `/api/app/attachment/${row.id}`,
    };
  } catch (error) {
    await ctx.storage.remove(storedName);
    throw new AppError(500, 'uploadFailed', null, {}, { cause: error });
  }
}

/** Keeps the multipart field `file` of an upload (saveAttachment's rules). */
export async function saveUpload(ctx: AppContext, userId: number, request: FastifyRequest) {
  const file = await request.file().catch(() => undefined);
  if (file?.fieldname !== 'file') throw invalidFields({ file: 'uploadMissing' });
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalidFields({ file: 'uploadTooLarge' });
    throw error;
  }
  return saveAttachment(ctx, userId, file.filename, bytes);
}

/** The file, for its owner or for staff who review what it belongs to. */
export async function readAttachment(
  ctx: AppContext,
  id: number,
  viewer: {
    userId: number;
    /** Where the viewer reviews others' files (recharge vouchers, work-order files), if they do. */
    reviewerScope: Scope | null;
    sharedWith?: (attachmentId: number) => Promise<boolean>;
  },
) {
  const row = await findAttachment(ctx.db, id);
  const mayRead =
    row &&
    (row.user_id === viewer.userId ||
      (viewer.reviewerScope !== null &&
        (await accountsInScope(ctx.db, viewer.reviewerScope, [row.user_id])).has(row.user_id)) ||
      (await viewer.sharedWith?.(row.id)) === true);
  if (!row || !mayRead) throw notFound();
  return { mime: row.mime, name: row.original_name, bytes: await ctx.storage.get(row.stored_name) };
}
