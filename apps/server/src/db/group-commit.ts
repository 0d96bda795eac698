interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for a batch's many small writes of one kind (the two writes of each of a thousand label
 * purchases): the items submitted while one group is being written are written together by the next call
 * of `writeMany`, in one transaction of a few multi-row statements, where each item alone would take a
 * transaction and a few statements of its own. Each caller is answered once its group has committed.
 *
 * `writeMany` writes all of its items or none (it throws). When a group of several fails, each of its
 * items is written again alone, so a failure (an order changed meanwhile, funds run short, a deadlock)
 * reaches its own caller only and the others are written as before.
 */
export function groupCommit<T, R>(
  writeMany: (items: readonly T[]) => Promise<readonly R[]>,
  maxSize = 32,
): (item: T) => Promise<R> {
  const queue: Queued<T, R>[] = [];
  let writing = false;

  const writeAlone = (queued: Queued<T, R>) =>
    writeMany([queued.item]).then((results) => queued.resolve(results[0] as R), queued.reject);

  async function writeGroup(group: Queued<T, R>[]): Promise<void> {
    if (group.length === 1) return writeAlone(group[0] as Queued<T, R>);
    let results: readonly R[];
    try {
      results = await writeMany(group.map((queued) => queued.item));
    } catch {
      await Promise.all(group.map(writeAlone));
      return;
    }
    for (const [index, queued] of group.entries()) queued.resolve(results[index] as R);
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await writeGroup(queue.splice(0, maxSize));
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        setImmediate(drain);
      }
    });
}
