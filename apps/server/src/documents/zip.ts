import type { Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A streaming ZIP writer (stored entries: labels are already compressed PDFs). Each file is written as it
 * is added, waiting whenever the destination is full, so a zip of thousands of labels holds one file in
 * memory at a time.
 */
export class ZipWriter {
  private readonly out: Writable;
  /**
   * The central directory, written at the end. Names are kept as strings: a small Buffer is a slice of
   * Buffer's shared 8 KB pool and would keep the whole slab alive until the zip ends (~8 KB per file).
   */
  private readonly entries: { name: string; crc: number; size: number; offset: number }[] = [];
  private offset = 0;
  private readonly used = new Set<string>();

  constructor(out: Writable) {
    this.out = out;
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.out.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          this.out.off('drain', onDrain);
          reject(error);
        };
        this.out.once('drain', onDrain);
        this.out.once('error', onError);
      });
    }
  }

  /** Two files may not share a name: later ones get " (2)", " (3)" before the extension. */
  private uniqueName(name: string): string {
    let candidate = name;
    for (let n = 2; this.used.has(candidate); n++) candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    this.used.add(candidate);
    return candidate;
  }

  async add(name: string, data: Buffer): Promise<void> {
    const unique = this.uniqueName(name);
    const fileName = Buffer.from(unique, 'utf8');
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt32LE(dosTime(new Date()), 10);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    header.writeUInt16LE(0, 28);
    this.entries.push({ name: unique, crc, size: data.length, offset: this.offset });
    await this.write(Buffer.concat([header, fileName]));
    await this.write(data);
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
function centralRecord(entry: { name: string; crc: number; size: number; offset: number }, time: number): Buffer {
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
  record.writeUInt16LE(0x0800, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt32LE(time, 12);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.size, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  record.writeUInt32LE(Math.min(entry.offset, MAX_32), 42);
  return Buffer.concat([record, name, extra]);
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
