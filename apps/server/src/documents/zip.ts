import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A file of the archive as its central directory names it. */
interface Entry {
  name: string;
  crc: number;
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflated (APPNOTE 4.4.5) */
  method: 0 | 8;
  /** general purpose flags: UTF-8 names, and bit 3 where the sizes follow the data */
  flags: number;
  offset: number;
}

const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;

/**
 * A streaming ZIP writer. Each file is written as it is added, waiting whenever the destination is full:
 * a zip of thousands of labels holds one file in memory at a time (stored: labels are already compressed
 * PDFs), and a file written in parts (an xlsx sheet) is deflated as its parts come.
 */
export class ZipWriter {
  private readonly out: Writable;
  /**
   * The central directory, written at the end. Names are kept as strings: a small Buffer is a slice of
   * Buffer's shared 8 KB pool and would keep the whole slab alive until the zip ends (~8 KB per file).
   */
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly used = new Set<string>();

  constructor(out: Writable) {
    this.out = out;
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await drained(this.out);
  }

  /** Two files may not share a name: later ones get " (2)", " (3)" before the extension. */
  private uniqueName(name: string): string {
    let candidate = name;
    for (let n = 2; this.used.has(candidate); n++) candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    this.used.add(candidate);
    return candidate;
  }

  /** Adds a file stored as it is. */
  async add(name: string, data: Buffer): Promise<void> {
    const entry = this.entry(name, 0, 0);
    entry.crc = crc32(data);
    entry.size = entry.compressedSize = data.length;
    await this.write(localHeader(entry));
    await this.write(data);
  }

  /**
   * Adds a file deflated as its parts come, its CRC and sizes written after it (a data descriptor,
   * APPNOTE 4.3.9): a file of any length holds a part and the deflate's buffers in memory. The file must
   * stay below 4 GiB (the caller splits a longer one: an xlsx sheet starts another).
   */
  async addDeflated(name: string, parts: AsyncIterable<string>): Promise<void> {
    const entry = this.entry(name, 8, SIZES_AFTER_DATA);
    await this.write(localHeader(entry));
    const deflate = createDeflateRaw();
    const feeding = (async () => {
      for await (const part of parts) {
        const bytes = Buffer.from(part, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (entry.size >= MAX_32) throw new Error(`${name} is 4 GiB or more`);
        if (!deflate.write(bytes)) await drained(deflate);
      }
      deflate.end();
    })().catch((error) => deflate.destroy(error));
    for await (const chunk of deflate) {
      entry.compressedSize += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    await feeding;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
  }

  /** A new entry at the current offset, under a name no other entry has. */
  private entry(name: string, method: 0 | 8, flags: number): Entry {
    const entry = {
      name: this.uniqueName(name),
      crc: 0,
      size: 0,
      compressedSize: 0,
      method,
      flags: UTF8_NAMES | flags,
      offset: this.offset,
    };
    this.entries.push(entry);
    return entry;
  }

  async finish(): Promise<void> {
    const start = this.offset;
    const time = dosTime(new Date());
    for (const entry of this.entries) await this.write(centralRecord(entry, time));
    const size = this.offset - start;
    const count = this.entries.length;
    const needsZip64 = count > MAX_16 || start >= MAX_32 || size >= MAX_32;
    if (needsZip64) await this.write(zip64End(this.offset, count, size, start));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, MAX_16), 8);
    end.writeUInt16LE(Math.min(count, MAX_16), 10);
    end.writeUInt32LE(Math.min(size, MAX_32), 12);
    end.writeUInt32LE(Math.min(start, MAX_32), 16);
    await this.write(end);
    this.out.end();
  }
}

/** Beyond these a field says "see the ZIP64 record" (APPNOTE 4.4): 0xFFFF entries, 0xFFFFFFFF bytes. */
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

/**
 * An entry's central directory record. An entry starting at or past 4 GiB keeps its offset in a ZIP64
 * extended information field (0x0001) instead; its sizes always fit, as one label is far below 4 GiB.
 */
function centralRecord(entry: Entry, time: number): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const farOffset = entry.offset >= MAX_32;
  const extra = Buffer.alloc(farOffset ? 12 : 0);
  if (farOffset) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(entry.offset), 4);
  }
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(farOffset ? 45 : 20, 4); // version made by
  record.writeUInt16LE(farOffset ? 45 : 20, 6); // version needed
  record.writeUInt16LE(entry.flags, 8);
  record.writeUInt16LE(entry.method, 10);
  record.writeUInt32LE(time, 12);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.compressedSize, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  record.writeUInt32LE(Math.min(entry.offset, MAX_32), 42);
  return Buffer.concat([record, name, extra]);
}

/** An entry's local header; one written before its data is known has zeros for its CRC and sizes. */
function localHeader(entry: Entry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(dosTime(new Date()), 10);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

/** Waits until `stream` takes writes again; fails if it errs or closes first (a reader that went away). */
function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('the stream was closed'));
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error('the stream closed before it drained'));
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/**
 * The ZIP64 end of central directory record and its locator (APPNOTE 4.3.14-15), written at `at` when
 * the archive has more than 65,535 entries or its directory starts or grows past 4 GiB.
 */
function zip64End(at: number, count: number, size: number, start: number): Buffer {
  const record = Buffer.alloc(56 + 20);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // the size of the rest of the record
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  record.writeUInt32LE(0x07064b50, 56);
  record.writeBigUInt64LE(BigInt(at), 64);
  record.writeUInt32LE(1, 72); // total number of disks
  return record;
}

/** MS-DOS date and time, as ZIP headers keep them. */
function dosTime(date: Date): number {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return ((day << 16) | time) >>> 0;
}
