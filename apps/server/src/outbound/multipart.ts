import type { AnswerPart } from './types.ts';

/**
 * The parts of a multipart answer (RFC 2046 §5.1: `--boundary` lines between parts, each part its headers,
 * an empty line and its bytes). Read by hand because the answer may be `multipart/mixed` as well as
 * `multipart/form-data` (fetch's `formData()` reads only the latter) and a part must stay bytes (a PDF).
 * Answers null when the content type names no boundary or no part is found.
 */
export function multipartParts(body: Buffer, contentType: string | null): AnswerPart[] | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary || !/^multipart\//i.test(contentType ?? '')) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: AnswerPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    const part = partOf(body.subarray(skipLineEnd(body, afterDelimiter), trimLineEnd(body, next)));
    if (part) parts.push(part);
    start = next;
  }
  return parts.length > 0 ? parts : null;
}

function partOf(raw: Buffer): AnswerPart | null {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const separator = headerEnd === -1 ? raw.indexOf('\n\n') : headerEnd;
  if (separator === -1) return null;
  const headers = new Map(
    raw
      .subarray(0, separator)
      .toString('utf8')
      .split(/\r?\n/)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
      }),
  );
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return {
    name: /(?:^|;)\s*name="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
    ...(filename ? { filename } : {}),
    contentType: headers.get('content-type') ?? 'text/plain',
    bytes: Buffer.from(raw.subarray(separator + (headerEnd === -1 ? 2 : 4))),
  };
}

/** Past the line end that follows a boundary. */
function skipLineEnd(body: Buffer, at: number): number {
  if (body[at] === 0x0d && body[at + 1] === 0x0a) return at + 2;
  return body[at] === 0x0a ? at + 1 : at;
}

/** Before the line end that precedes a boundary (it belongs to the boundary, not the part). */
function trimLineEnd(body: Buffer, at: number): number {
  if (body[at - 2] === 0x0d && body[at - 1] === 0x0a) return at - 2;
  return body[at - 1] === 0x0a ? at - 1 : at;
}
