import { createHash } from 'node:crypto';
import type { Locale } from '@parcelport/shared';
import {
  BILL_PRESETS,
  type BillAmountKind,
  type BillField,
  type BillPreset,
  billUploadFields,
} from '@parcelport/shared/contracts/bills/index';
import type { FastifyRequest } from 'fastify';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { SHEET_LIMITS, sheetOf } from '../../http/sheet-upload.ts';
import { isMessageKey, type MessageKey } from '../../i18n/messages.ts';
import { actorOf } from '../orders/index.ts';
import { billView } from './bill-views-repo.ts';
import { billClassifier } from './match.ts';
import { pricingCache } from './merchant-charge.ts';
import { type LineToPost, postLines } from './post.ts';
import { PRESETS } from './presets.ts';
import { billHeaders, billLines } from './read.ts';
import {
  analyzeBillLines,
  billOfFile,
  billRow,
  channelRow,
  insertBill,
  lineIdSpan,
  linesToPost,
  mappingOf,
  markBillPosted,
  saveMapping,
} from './repo.ts';

/** A bill this long gets PostgreSQL's statistics of the lines refreshed once kept. */
const ANALYZE_FROM = 5_000;

/**
 * Lines read, matched, classified and kept at a time: a long bill's rows, labels and keys are never all held
 * at once. Small enough that a slice's objects mostly die in V8's young generation (8 MB semi-spaces with the
 * start script's options): a slice of 5,000 lived across several young collections, was promoted whole, and
 * the old generation filled with dead slices up to its limit (bench/README.md, 2026-11-26 06:10).
 */
const CLASSIFY_SLICE = 250;

/**
 * Lines posted in one transaction: few enough that a conflict costs little and that a chunk's rows seldom
 * outlive a young collection, many enough to be quick.
 */
const POST_CHUNK = 100;

/** A carrier's bill reaches every merchant's wallet: refused to staff whose reach is their own customers. */
export function requirePlatformWide(scope: Scope): void {
  if (scope.ownerId !== undefined || scope.userId !== undefined) throw new AppError(403, 'billsPlatformOnly');
}

export function presets() {
  return BILL_PRESETS.map((preset) => {
    const { amountKind, weightUnit, headers } = PRESETS[preset];
    return { preset, amountKind, weightUnit, headers };
  });
}

export async function channelMapping(db: Db, channelId: number) {
  const channel = await channelOf(db, channelId);
  const row = await mappingOf(db, channelId);
  return {
    channelId,
    preset: (row?.preset ?? 'generic') as BillPreset,
    amountKind: (row?.amount_kind ?? PRESETS.generic.amountKind) as BillAmountKind,
    mapping: row ? (JSON.parse(row.mapping) as Partial<Record<BillField, string>>) : {},
    carrierReports: adapterFor(channel.platform_code)?.billReports !== undefined,
  };
}

async function channelOf(db: Db, channelId: number) {
  const channel = await channelRow(db, channelId);
  if (!channel) throw invalidFields({ channelId: 'channelNotFound' });
  return channel;
}

/** The upload's fields (sent before the file) and the file: a 400 naming each bad field. */
async function readUpload(request: FastifyRequest, needsChannel = true) {
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | null = null;
  for await (const part of request.parts(SHEET_LIMITS)) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else file = await sheetOf(part);
  }
  const parsed = (needsChannel ? billUploadFields : billUploadFields.partial({ channelId: true })).safeParse(fields);
  if (!parsed.success) {
    const failing: Record<string, MessageKey> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'file');
      failing[field] = isMessageKey(issue.message)
        ? issue.message
        : field === 'channelId'
          ? 'fieldRequired'
          : 'choiceInvalid';
    }
    throw invalidFields(failing);
  }
  if (!file) throw invalidFields({ file: 'sheetMissing' });
  return { ...parsed.data, file };
}

/** The mapping form's headers (docs/bills.md): nothing is kept. */
export async function billFileHeaders(scope: Scope, request: FastifyRequest) {
  requirePlatformWide(scope);
  const upload = await readUpload(request, false);
  return billHeaders(upload.file, PRESETS[upload.preset], upload.mapping);
}

/**
 * Reads, matches and classifies an uploaded bill and keeps it for posting; nothing is charged. The same file
 * for the same channel answers the bill it made the first time (`uploadedBefore`), whatever it was read with.
 * The channel remembers the preset and mapping for its next bill.
 */
export async function previewBill(ctx: AppContext, auth: Auth, scope: Scope, request: FastifyRequest, locale: Locale) {
  requirePlatformWide(scope);
  const upload = await readUpload(request);
  const reading: BillReading = {
    channelId: upload.channelId as number,
    preset: upload.preset,
    amountKind: upload.amountKind ?? PRESETS[upload.preset].amountKind,
    mapping: upload.mapping,
  };
  const { id, uploadedBefore } = await keepBillFile(ctx, actorOf(auth), reading, upload.file);
  if (!uploadedBefore)
    await saveMapping(ctx.db, reading.channelId, reading.preset, reading.amountKind, reading.mapping);
  return { ...(await billView(ctx.db, id, locale)), uploadedBefore };
}

/** What a bill file is read with: its channel, the carrier's preset, its amount kind and the columns mapped by hand. */
export interface BillReading {
  channelId: number;
  preset: BillPreset;
  amountKind: BillAmountKind;
  mapping: Partial<Record<BillField, string>>;
}

/**
 * Reads, matches and classifies a bill file (uploaded, or made by the carrier on request: reports.ts) and
 * keeps it as a previewed bill of `createdBy`; the same file kept before for the channel answers that bill.
 */
export async function keepBillFile(
  ctx: AppContext,
  createdBy: number,
  reading: BillReading,
  file: { filename: string; bytes: Buffer },
): Promise<{ id: number; uploadedBefore: boolean }> {
  const { channelId } = reading;
  await channelOf(ctx.db, channelId);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const existing = await billOfFile(ctx.db, channelId, sha256);
  if (existing !== null) return { id: existing, uploadedBefore: true };

  const preset = PRESETS[reading.preset];
  // Read as the slices are kept: a long file's rows and lines are never all held at once.
  const { lines, errors } = await billLines(file, preset, reading.mapping);
  let lineCount = 0;
  const counted = (function* () {
    for (const line of lines) {
      lineCount++;
      yield line;
    }
  })();
  const classifier = billClassifier(channelId, reading.amountKind, preset);
  const bill = { ...reading, fileName: file.filename, sha256, errors, createdBy };
  let id: number;
  try {
    id = await insertBill(ctx.db, bill, classifier.slices(counted, CLASSIFY_SLICE), classifier.revised);
  } catch (error) {
    // The same file uploaded at the same moment: the other upload's bill.
    const other = isUniqueViolation(error) ? await billOfFile(ctx.db, channelId, sha256) : null;
    if (other === null) throw error;
    return { id: other, uploadedBefore: true };
  }
  // A big bill changes the table more than PostgreSQL's statistics know until autovacuum comes by: without
  // them, posting read each chunk through the bill's whole index (minutes for 100,000 lines).
  if (ctx.dialect === 'postgres' && lineCount >= ANALYZE_FROM) await analyzeBillLines(ctx.db);
  return { id, uploadedBefore: false };
}

/**
 * Posts a previewed bill in file order, chunk by chunk, each chunk's transaction first claiming its lines
 * (their `posted_key`, unique): a line is posted once, whoever posts and however often, and a line posted
 * from another bill meanwhile becomes a duplicate here (post.ts). A bill cut off midway is posted again from
 * where it stopped. Posting a posted bill changes nothing and answers it.
 */
export async function postBill(ctx: AppContext, auth: Auth, scope: Scope, billId: number, locale: Locale) {
  requirePlatformWide(scope);
  const bill = await billRow(ctx.db, billId);
  if (!bill) throw notFound();
  if (bill.status === 'posted') return billView(ctx.db, billId, locale);
  if ((JSON.parse(bill.errors) as unknown[]).length > 0) throw new AppError(409, 'billHasErrors');
  const actor = actorOf(auth);
  const pricingOf = pricingCache(ctx.db);
  // The penalty in use now (docs/spec.md §9's 5 USD unless changed in /adminSettings/sysConfig).
  const wrongSizePenalty = (await ctx.settings.current()).penalty.wrongSize;
  const span = await lineIdSpan(ctx.db, billId);
  // Walked as id ranges from its first line to its last, each read by the key (a bill's lines were inserted
  // together; another bill's lines in between are filtered out).
  for (let from = Number(span.first ?? 1); from <= Number(span.last ?? 0); from += POST_CHUNK) {
    const rows = await linesToPost(ctx.db, billId, from, POST_CHUNK);
    if (rows.length === 0) continue;
    const lines = rows.map(
      (row): LineToPost => ({
        id: row.id,
        orderId: row.order_id as number,
        amountKind: bill.amount_kind as BillAmountKind,
        costChange: Number(row.cost_change),
        costBefore: row.cost_before === null ? null : Number(row.cost_before),
        billedOz: row.billed_oz,
        cause: row.cause as LineToPost['cause'],
        lineKey: row.line_key,
        adjusts: bill.amount_kind === 'total' && row.adjusts === 1,
        reference: { type: 'carrierBill', id: billId, no: row.order_no },
      }),
    );
    await postLines(ctx.db, pricingOf, wrongSizePenalty, lines, actor);
  }
  await markBillPosted(ctx.db, billId, actor);
  return billView(ctx.db, billId, locale);
}
