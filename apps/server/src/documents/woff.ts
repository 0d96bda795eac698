/**
 * WOFF 1.0 (https://www.w3.org/TR/WOFF/) unpacked to the OpenType file it wraps. fontkit reads WOFF itself,
 * but its pure-JS inflater fails on some tables of Noto Sans SC (its cmap among them), so the tables are
 * inflated here with node's zlib and fontkit is handed plain OpenType.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

interface Table {
  tag: number;
  checksum: number;
  data: Buffer;
}

const padded = (length: number) => (length + 3) & ~3;

function woffTables(woff: Buffer): Table[] {
  const count = woff.readUInt16BE(12);
  return Array.from({ length: count }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < original ? inflateSync(raw) : raw,
    };
  });
}

/** The OpenType (or TrueType) font inside a WOFF file. The search-range fields are left 0: readers recompute them. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new RangeError('not a WOFF file');
  const tables = woffTables(woff);
  const start = SFNT_HEADER + SFNT_ENTRY * tables.length;
  const out = Buffer.alloc(tables.reduce((size, table) => size + padded(table.data.length), start));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(tables.length, 4);
  let position = start;
  tables.forEach((table, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(position, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, position);
    position += padded(table.data.length);
  });
  return out;
}
