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
    for (const entry of this.entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0800, 8);
      record.writeUInt16LE(0, 10);
      record.writeUInt32LE(time, 12);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.size, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([record, name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
  }
}

/** MS-DOS date and time, as ZIP headers keep them. */
function dosTime(date: Date): number {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return ((day << 16) | time) >>> 0;
}
