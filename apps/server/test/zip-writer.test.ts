import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { ZipWriter } from '../src/documents/zip.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'pp-zip-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `count` small files (`label-<n>.txt` holding "label <n>") to a zip on disk and returns its path. */
async function zipOf(count: number, name: string): Promise<string> {
  const file = path.join(dir, name);
  const out = createWriteStream(file);
  const zip = new ZipWriter(out);
  for (let n = 1; n <= count; n++) await zip.add(`label-${n}.txt`, Buffer.from(`label ${n}`));
  await zip.finish();
  await finished(out);
  return file;
}

/** What Python's zipfile (a reader we did not write) makes of the archive: entry count, CRC test, two entries. */
function readByPython(file: string, names: string[]) {
  const script = [
    'import zipfile, sys, json',
    'z = zipfile.ZipFile(sys.argv[1])',
    'print(json.dumps({"count": len(z.infolist()), "test": z.testzip(),',
    '  "read": [z.read(n).decode() for n in sys.argv[2:]]}))',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script, file, ...names]);
  expect(run.stderr.toString()).toBe('');
  return JSON.parse(run.stdout.toString()) as { count: number; test: string | null; read: string[] };
}

describe('ZipWriter', () => {
  test('a small archive has no ZIP64 records and is read whole by zipfile and unzip', async () => {
    const file = await zipOf(3, 'small.zip');
    const bytes = readFileSync(file);
    expect(bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(-1);
    expect(readByPython(file, ['label-2.txt'])).toEqual({ count: 3, test: null, read: ['label 2'] });
    const unzip = spawnSync('unzip', ['-t', file]);
    expect(unzip.stdout.toString()).toContain('No errors detected');
  });

  test('more than 65,535 labels get a ZIP64 directory end that readers follow to every entry', async () => {
    const count = 70_000;
    const file = await zipOf(count, 'many.zip');
    const bytes = readFileSync(file);
    // The ZIP64 end record and its locator are there, and the classic record says "see ZIP64".
    expect(bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThan(0);
    expect(bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBeGreaterThan(0);
    expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(0xffff);
    const read = readByPython(file, ['label-1.txt', `label-${count}.txt`]);
    expect(read).toEqual({ count, test: null, read: ['label 1', `label ${count}`] });
    const unzip = spawnSync('unzip', ['-t', '-qq', file], { maxBuffer: 64 * 1024 * 1024 });
    expect(unzip.status).toBe(0);
  });
});
