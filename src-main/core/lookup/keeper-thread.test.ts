/** The keeper's thread: started at its first call, and started afresh after it ended. */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { keeperThread } from './keeper-thread.ts';

/** A thread that answers every call with its number of calls so far, or ends at the first one. */
const thread = (ends: boolean) =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     let calls = 0;
     parentPort.on('message', ({ id }) => {
       if (${ends}) process.exit(1);
       calls++;
       parentPort.postMessage({ id, ok: true, value: { columns: null, problems: [], calls } });
     });`,
    { eval: true },
  );

describe('the keeper thread', () => {
  it('starts no thread before its first call, and a new one after the last ended', async () => {
    const started: boolean[] = [];
    const keeper = keeperThread(() => {
      const ends = started.length === 0;
      started.push(ends);
      return thread(ends);
    });
    await keeper.clear(); // nothing started: nothing to clear
    expect(started).toEqual([]);
    await expect(keeper.sync(true)).rejects.toThrow();
    await expect.poll(async () => (await keeper.sync(false).catch(() => null)) !== null).toBe(true);
    expect(started).toEqual([true, false]);
    expect(await keeper.sync(false)).toMatchObject({ calls: 2 }); // the same thread answers after that
    await keeper.stop();
  });
});
