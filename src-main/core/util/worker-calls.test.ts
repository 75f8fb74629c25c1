import { MessageChannel, type Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessClient, postEvent, serveCalls, workerClient } from './worker-calls.ts';

const counter = {
  total: 0,
  add(amount: number) {
    this.total += amount;
    return this.total;
  },
  async fail(): Promise<never> {
    throw new Error('no such debtor');
  },
  secret: () => 'never served',
};
const METHODS = ['add', 'fail'] as const;
type Served = Pick<typeof counter, (typeof METHODS)[number]>;
const words = { crashed: (message: string) => `crashed: ${message}`, closed: 'closed' };

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((channel) => channel.port1.close()));

/** A worker's two ends without a thread: the client's side stands for the Worker object. */
function connect(onEvent: (event: string) => void = () => {}) {
  const channel = new MessageChannel();
  channels.push(channel);
  serveCalls(channel.port1, counter, METHODS);
  const client = workerClient<Served, string>(channel.port2 as unknown as Worker, METHODS, onEvent, words);
  return { client, channel };
}

describe('calling an object in a worker', () => {
  it('answers the served methods with their values and their errors, in order', async () => {
    counter.total = 0;
    const { client } = connect();
    expect(await Promise.all([client.add(2), client.add(3)])).toEqual([2, 5]);
    await expect(client.fail()).rejects.toThrow('no such debtor');
  });

  it('refuses a method it was not told to serve, even when asked by name', async () => {
    const { channel } = connect();
    const answer = new Promise((resolve) => channel.port2.once('message', resolve));
    channel.port2.postMessage({ id: 7, method: 'secret', args: [] });
    expect(await answer).toEqual({ id: 7, ok: false, message: 'secret cannot be called in this worker.' });
  });

  it('hands events to the client and fails the calls waiting when the worker ends', async () => {
    const heard: string[] = [];
    const { client, channel } = connect((event) => heard.push(event));
    postEvent(channel.port1, 'loading');
    await expect.poll(() => heard).toEqual(['loading']);
    channel.port1.removeAllListeners('message'); // the worker stops answering…
    const waiting = client.add(1);
    channel.port2.emit('exit', 1); // …and ends
    await expect(waiting).rejects.toThrow('closed');
  });

  it('gives the same client over an object in this thread', async () => {
    counter.total = 10;
    const client = inProcessClient<Served>(counter, METHODS);
    expect(await client.add(1)).toBe(11);
    expect('secret' in client).toBe(false);
  });
});
