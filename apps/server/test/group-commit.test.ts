import { describe, expect, test } from 'vitest';
import { groupCommit } from '../src/db/group-commit.ts';

/** A writer that records each group it is given and fails any group holding a "bad" item. */
function recordingWriter() {
  const groups: string[][] = [];
  const writeMany = async (items: readonly string[]) => {
    groups.push([...items]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const bad = items.find((item) => item.startsWith('bad'));
    if (bad) throw new Error(`refused ${bad}`);
    return items.map((item) => item.toUpperCase());
  };
  return { groups, writeMany };
}

describe('groupCommit', () => {
  test('items submitted together are written by one call, and each caller gets its own result', async () => {
    const { groups, writeMany } = recordingWriter();
    const write = groupCommit(writeMany);
    const results = await Promise.all(['a', 'b', 'c'].map(write));
    expect(results).toEqual(['A', 'B', 'C']);
    expect(groups).toEqual([['a', 'b', 'c']]);
  });

  test('items submitted while a group is being written form the next group', async () => {
    const { groups, writeMany } = recordingWriter();
    const write = groupCommit(writeMany);
    const first = write('a');
    await new Promise((resolve) => setTimeout(resolve, 1)); // the first group is now being written
    const later = Promise.all([write('b'), write('c')]);
    expect(await first).toBe('A');
    expect(await later).toEqual(['B', 'C']);
    expect(groups).toEqual([['a'], ['b', 'c']]);
  });

  test('a group is never bigger than its bound', async () => {
    const { groups, writeMany } = recordingWriter();
    const write = groupCommit(writeMany, 2);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(write));
    expect(groups).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  test('when a group fails, its items are written alone: the failure reaches its own caller only', async () => {
    const { groups, writeMany } = recordingWriter();
    const write = groupCommit(writeMany);
    const outcomes = await Promise.allSettled(['a', 'bad1', 'c'].map(write));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused bad1') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(groups[0]).toEqual(['a', 'bad1', 'c']);
    expect(groups.slice(1).sort()).toEqual([['a'], ['bad1'], ['c']]);
    // The writer goes on with later groups.
    expect(await write('d')).toBe('D');
  });
});
