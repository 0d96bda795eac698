import type { MultipartFile } from '@fastify/multipart';
import { invalidFields } from '../core/errors.ts';

/** The largest spreadsheet an import takes (orders, rate tables, zone charts). */
export const SHEET_LIMIT_BYTES = 20 * 1024 * 1024;

/** What an import route passes to `request.file()` / `request.parts()` so a larger sheet stops being read. */
export const SHEET_LIMITS = { limits: { fileSize: SHEET_LIMIT_BYTES } };

/**
 * The bytes of an uploaded sheet (xlsx or csv): a 400 naming `file` for another kind of file, or one over
 * the limit, instead of multipart's own 413 error.
 */
export async function sheetOf(file: MultipartFile | undefined): Promise<{ filename: string; bytes: Buffer }> {
  if (!file || !/\.(xlsx|csv)$/i.test(file.filename)) throw invalidFields({ file: 'sheetMissing' });
  try {
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalidFields({ file: 'sheetTooLarge' });
    throw error;
  }
}
