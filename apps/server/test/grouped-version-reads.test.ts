/**
 * Signed-in calls read their change versions together (db/versions.ts, GroupedVersionReads): a call is
 * given only a read that began after it arrived, so a change committed before the call is always seen.
 */

import { describe, expect, test } from 'vitest';
import { GroupedVersionReads } from '../src/db/versions.ts';
import { turnsUntil } from './waits.ts';

/** A reader whose reads stay open until released, answering the versions of the moment they began. */
function heldReader(versions: Map<string, number>) {
  const reads: { scopes: readonly string[]; release: () => void }[] = [];
  const read = (scopes: readonly string[]) => {
    const seen = scopes.map((scope) => versions.get(scope) ?? 0);
    return new Promise<number[]>((resolve) => reads.push({ scopes, release: () => resolve(seen) }));
  };
  return { reads, read };
}

describe('grouped version reads', () => {
  test('a call arriving during a read waits for the next one, and sees what changed before it arrived', async () => {
    const versions = new Map([['catalogue', 1]]);
    const reader = heldReader(versions);
    const reads = new GroupedVersionReads(reader.read);
    const first = reads.read(['catalogue', 'user:1']);
    await turnsUntil(() => reader.reads.length === 1);
    // Committed while the first read is in flight, before the second call arrives.
    versions.set('catalogue', 2);
    versions.set('user:2', 7);
    const second = reads.read(['user:2', 'catalogue']);
    const third = reads.read(['catalogue']);
    (reader.reads[0] as { release: () => void }).release();
    expect(await first).toEqual([1, 0]);
    await turnsUntil(() => reader.reads.length === 2);
    // The two calls that waited share one read of all their scopes.
    expect([...(reader.reads[1] as { scopes: readonly string[] }).scopes].sort()).toEqual(['catalogue', 'user:2']);
    (reader.reads[1] as { release: () => void }).release();
    expect(await second).toEqual([7, 2]);
    expect(await third).toEqual([2]);
    expect(reader.reads).toHaveLength(2);
  });

  test('a failed read fails its callers only; the next callers read again', async () => {
    let fail = true;
    const reads = new GroupedVersionReads(async (scopes) => {
      if (fail) throw new Error('connection lost');
      return scopes.map(() => 3);
    });
    await expect(reads.read(['catalogue'])).rejects.toThrow('connection lost');
    fail = false;
    expect(await reads.read(['catalogue', 'access'])).toEqual([3, 3]);
  });
  test('gathering for a turn: the calls of one turn share one read, begun after the last of them arrived', async () => {
    const versions = new Map([['catalogue', 1]]);
    const reader = heldReader(versions);
    const reads = new GroupedVersionReads(reader.read, { gatherForATurn: true });
    const first = reads.read(['catalogue', 'user:1']);
    // Committed after the first call arrived, in the same turn as the second: both must see it.
    versions.set('catalogue', 2);
    const second = reads.read(['user:2']);
    expect(reader.reads).toHaveLength(0);
    await turnsUntil(() => reader.reads.length === 1);
    expect([...new Set((reader.reads[0] as { scopes: readonly string[] }).scopes)].sort()).toEqual([
      'catalogue',
      'user:1',
      'user:2',
    ]);
    (reader.reads[0] as { release: () => void }).release();
    expect(await first).toEqual([2, 0]);
    expect(await second).toEqual([0]);
    expect(reader.reads).toHaveLength(1);
  });
});
