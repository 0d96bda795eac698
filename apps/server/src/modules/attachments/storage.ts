import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: a folder under DATA_DIR, each file under a name the server picks. Several
 * app instances need this folder shared (or another driver behind the same three calls).
 */
export interface FileStorage {
  put(bytes: Buffer, ext: string): Promise<string>;
  get(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
}

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
