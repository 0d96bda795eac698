import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../../core/ports.ts';

/** Files in a folder; a name is only ever a file name in it (path.basename), so none reaches outside. */
export function diskStorage(dir: string): FileStorage {
  const safePath = (name: string) => path.join(dir, path.basename(name));
  return {
    async put(bytes, ext) {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${ext}`;
      await writeFile(safePath(name), bytes, { flag: 'wx' });
      return name;
    },
    get: (name) => readFile(safePath(name)),
    remove: (name) => rm(safePath(name), { force: true }),
  };
}
