import type { Memo } from './memo.ts';

/** Past this many kept reads (users × zone pairs…) the memo starts over, so it cannot grow without end. */
const MAX_ENTRIES = 20_000;

/**
 * Quote reads kept between calls (a user's allotted services and pricing, the zone between two ZIPs): one
 * memo (lib/memo.ts) for the `catalogue` change version a call read as it began (db/versions.ts). Any
 * change to channels, services, rate tables, zone charts, allotments or price rules raises the version in
 * its own transaction, so the next call, on any instance, starts a fresh memo instead of reading what was
 * kept before it.
 */
export class CatalogueMemo {
  #version = Number.NaN;
  #memo: Memo = new Map();

  for(version: number): Memo {
    if (version !== this.#version || this.#memo.size > MAX_ENTRIES) {
      this.#version = version;
      this.#memo = new Map();
    }
    return this.#memo;
  }
}
