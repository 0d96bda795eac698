import { describe, expect, test } from 'vitest';
import { MemoryCache } from '../src/cache/memory-cache.ts';
import { VersionedAnswers } from '../src/cache/versioned-answers.ts';

describe('MemoryCache', () => {
  test('past its bound the least recently used entry goes first', () => {
    const cache = new MemoryCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual(['A', 'C', 2]);
  });

  test('a weighed cache keeps the total weight within the bound and skips what could never fit', () => {
    const cache = new MemoryCache<string>(10, (value) => value.length);
    cache.set('six', 'xxxxxx');
    cache.set('four', 'yyyy');
    cache.set('three', 'zzz');
    expect([cache.get('six'), cache.get('four'), cache.get('three')]).toEqual([undefined, 'yyyy', 'zzz']);
    cache.set('four', 'y'); // replacing an entry replaces its weight
    cache.set('five', 'wwwww');
    expect([cache.get('four'), cache.get('three'), cache.get('five')]).toEqual(['y', 'zzz', 'wwwww']);
    cache.set('huge', 'h'.repeat(11));
    expect([cache.get('huge'), cache.size]).toEqual([undefined, 3]);
  });
});

describe('VersionedAnswers', () => {
  test('gives the kept answer for the same version and makes it again for another', async () => {
    const answers = new VersionedAnswers(1_000_000);
    let made = 0;
    const make = async () => ({ made: ++made });
    const read = async (version: number) => JSON.parse((await answers.answer('k', version, make)).toString());
    expect(await read(1)).toEqual({ made: 1 });
    expect(await read(1)).toEqual({ made: 1 });
    expect(await read(2)).toEqual({ made: 2 });
    expect(await read(1)).toEqual({ made: 3 }); // only the latest answer per key is kept
  });
});
