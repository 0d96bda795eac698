/**
 * The little markdown of the operator's pages and the help articles, read into blocks and inline spans that
 * PageText draws as React elements (never as HTML): `#` to `###` headings, `-`/`*` and numbered lists,
 * fenced code, paragraphs; inside them `**bold**`, `*emphasis*`, `` `code` `` and `[links](url)`.
 */

export type Block =
  | { kind: 'heading'; at: number; level: 2 | 3 | 4; text: string }
  | { kind: 'list'; at: number; ordered: boolean; start: number; items: { at: number; text: string }[] }
  | { kind: 'code'; at: number; text: string }
  | { kind: 'paragraph'; at: number; text: string };

export type Span =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; spans: Span[] }
  | { kind: 'em'; spans: Span[] }
  | { kind: 'link'; href: string; spans: Span[] };

const FENCE = /^\s*```/;
const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+/;

const startsBlock = (line: string) =>
  FENCE.test(line) || HEADING.test(line) || BULLET.test(line) || NUMBERED.test(line);

/** The text's blocks, each keyed by the offset where it starts. */
export function blocksOf(text: string): Block[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const offsets: number[] = [];
  lines.reduce((at, line) => {
    offsets.push(at);
    return at + line.length + 1;
  }, 0);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const at = offsets[i] as number;
    if (!line.trim()) {
      i += 1;
    } else if (FENCE.test(line)) {
      const body: string[] = [];
      for (i += 1; i < lines.length && !FENCE.test(lines[i] as string); i += 1) body.push(lines[i] as string);
      i += 1; // the closing fence, when there is one
      blocks.push({ kind: 'code', at, text: body.join('\n') });
    } else if (HEADING.test(line)) {
      const [, marks = '#', heading = ''] = HEADING.exec(line) ?? [];
      blocks.push({ kind: 'heading', at, level: (marks.length + 1) as 2 | 3 | 4, text: heading.trim() });
      i += 1;
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const marker = BULLET.test(line) ? BULLET : NUMBERED;
      const items: { at: number; text: string }[] = [];
      for (; i < lines.length && marker.test(lines[i] as string); i += 1)
        items.push({ at: offsets[i] as number, text: (lines[i] as string).replace(marker, '') });
      const ordered = marker === NUMBERED;
      blocks.push({ kind: 'list', at, ordered, start: ordered ? Number(NUMBERED.exec(line)?.[1]) : 1, items });
    } else {
      const body: string[] = [];
      for (; i < lines.length && (lines[i] as string).trim() && !startsBlock(lines[i] as string); i += 1)
        body.push((lines[i] as string).trim());
      blocks.push({ kind: 'paragraph', at, text: body.join('\n') });
    }
  }
  return blocks;
}

/** Code first (its content is literal), then links, bold and emphasis, whichever starts first. */
const INLINE = /`([^`\n]+)`|\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\n]+)\*/;

/**
 * Whether a link may be followed: http and https addresses and relative ones, read as the browser reads
 * them (so neither `javascript:` nor a scheme hidden behind control characters gets through).
 */
export function safeHref(href: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(href, 'https://relative.invalid/').protocol);
  } catch {
    return false;
  }
}

/** A block's text as inline spans; a link that may not be followed stays as its text. */
export function spansOf(text: string): Span[] {
  const spans: Span[] = [];
  let rest = text;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    if (match.index > 0) spans.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, code, label, href, strong, em] = match;
    if (code !== undefined) spans.push({ kind: 'code', text: code });
    else if (label !== undefined && href !== undefined) {
      if (safeHref(href)) spans.push({ kind: 'link', href, spans: spansOf(label) });
      else spans.push(...spansOf(label));
    } else if (strong !== undefined) spans.push({ kind: 'strong', spans: spansOf(strong) });
    else spans.push({ kind: 'em', spans: spansOf(em ?? '') });
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) spans.push({ kind: 'text', text: rest });
  return spans;
}
