import { MemoryCache } from './memory-cache.ts';

/**
 * Serialised JSON answers (as UTF-8 bytes: encoding a 40 KB page again for every call cost more than all
 * the rest of a kept answer), each kept with the change version (db/versions.ts) of the data it was made
 * from and given again only while that version is current, so a kept answer is never older than the data.
 * The version must be read before the answer's data: an answer made from newer data than its version
 * says is only made again sooner than needed.
 */
export class VersionedAnswers {
  readonly #answers: MemoryCache<{ version: number; body: Buffer }>;

  /** Keeps up to `maxBytes` of answers, least recently used going first. */
  constructor(maxBytes: number) {
    this.#answers = new MemoryCache(maxBytes, (answer) => answer.body.byteLength);
  }

  async answer(key: string, version: number, make: () => Promise<unknown>): Promise<Buffer> {
    const kept = this.#answers.get(key);
    if (kept && kept.version === version) return kept.body;
    const body = Buffer.from(JSON.stringify(await make()));
    this.#answers.set(key, { version, body });
    return body;
  }
}
