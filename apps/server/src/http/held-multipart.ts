import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { UPLOAD_LIMIT_BYTES } from '@parcelport/shared';
import type { FastifyRequest } from 'fastify';
import { SHEET_LIMIT_BYTES } from './sheet-upload.ts';

/** One part of an upload as it was read: a field's value, or a file's bytes (or why they could not be read). */
type HeldPart =
  | { type: 'field'; part: MultipartValue }
  | { type: 'file'; part: MultipartFile; bytes: Buffer | null; error: unknown };

type PartOptions = { limits?: { fileSize?: number } };

/** The error multipart gives a file over the limit the route asked for, which the routes turn into their 400. */
const fileTooLarge = () =>
  Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A file part whose bytes are already read: `toBuffer` answers them, or fails as the first reading did. */
function heldFile(held: Extract<HeldPart, { type: 'file' }>, options: PartOptions | undefined): MultipartFile {
  const limit = options?.limits?.fileSize ?? UPLOAD_LIMIT_BYTES;
  return {
    ...held.part,
    file: Readable.from(held.bytes ? [held.bytes] : []) as unknown as MultipartFile['file'],
    toBuffer: async () => {
      if (!held.bytes) throw held.error;
      if (held.bytes.length > limit) throw fileTooLarge();
      return held.bytes;
    },
  };
}

/**
 * Reads a multipart upload whole before its route does, for an `Idempotency-Key` (hooks/idempotency.ts):
 * answers its fingerprint (each field's name and value, each file's field, name and the SHA-256 of its
 * bytes, in order; a boundary that differs between two sends of one upload changes nothing) and makes
 * `request.parts()` and `request.file()` give the route the parts already read, the file size limit it asks
 * for still applied. An upload that could not be read whole (cut short, over every limit) is read as far as
 * it went: the route meets the same error where it would have, and answers its own refusal.
 */
export async function holdMultipart(request: FastifyRequest): Promise<string> {
  const held: HeldPart[] = [];
  let failure: unknown = null;
  let fileFailed = false;
  try {
    const limits = { fileSize: Math.max(SHEET_LIMIT_BYTES, UPLOAD_LIMIT_BYTES) };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        held.push({ type: 'field', part });
        continue;
      }
      try {
        held.push({ type: 'file', part, bytes: await part.toBuffer(), error: null });
      } catch (error) {
        // The route meets the error when it reads this file's bytes.
        held.push({ type: 'file', part, bytes: null, error });
        failure = error;
        fileFailed = true;
        break;
      }
    }
  } catch (error) {
    failure ??= error;
  }
  const parts = (options?: PartOptions): AsyncIterableIterator<Multipart> =>
    (async function* () {
      for (const one of held) yield one.type === 'field' ? one.part : heldFile(one, options);
      if (failure && !fileFailed) throw failure;
    })();
  request.parts = parts as FastifyRequest['parts'];
  request.file = (async (options?: PartOptions) => {
    const file = held.find((one) => one.type === 'file');
    if (file) return heldFile(file, options);
    if (failure) throw failure;
    return undefined;
  }) as FastifyRequest['file'];
  const fingerprint = held.map((one) =>
    one.type === 'field'
      ? ['field', one.part.fieldname, String(one.part.value)]
      : ['file', one.part.fieldname, one.part.filename, one.bytes ? sha256(one.bytes) : null],
  );
  const failed = failure ? String((failure as { code?: string }).code ?? 'unread') : null;
  return sha256(JSON.stringify({ multipart: fingerprint, failed }));
}
