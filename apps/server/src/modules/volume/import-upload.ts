import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidFields } from '../../core/errors.ts';
import { SHEET_LIMITS, sheetOf } from '../../http/sheet-upload.ts';
import { IMPORT_FIELDS, type ImportField } from './import.ts';

/** What an import upload carries: the sheet, and the column mapping (field → sheet header) when given. */
export interface ImportUpload {
  sheet: { filename: string; bytes: Buffer };
  mapping: Partial<Record<ImportField, string>>;
}

const fieldKeys = IMPORT_FIELDS.map((field) => field.key) as [ImportField, ...ImportField[]];
const mappingSchema = z.partialRecord(z.enum(fieldKeys), z.string().max(100));

/** The `mapping` part: JSON of field → header ('' for none); anything else is a 400 naming it. */
function mappingOf(value: unknown): ImportUpload['mapping'] {
  let json: unknown;
  try {
    json = JSON.parse(String(value || '{}'));
  } catch {
    throw invalidFields({ mapping: 'mappingInvalid' });
  }
  const parsed = mappingSchema.safeParse(json);
  if (!parsed.success) throw invalidFields({ mapping: 'mappingInvalid' });
  return parsed.data;
}

/** Reads a multipart import: the `file` (xlsx or csv) and the optional `mapping` sent before it. */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  let mapping: ImportUpload['mapping'] = {};
  let sheet: ImportUpload['sheet'] | null = null;
  for await (const part of request.parts(SHEET_LIMITS)) {
    if (part.type === 'field' && part.fieldname === 'mapping') mapping = mappingOf(part.value);
    else if (part.type === 'file') sheet = await sheetOf(part);
  }
  if (!sheet) throw invalidFields({ file: 'sheetMissing' });
  return { sheet, mapping };
}
