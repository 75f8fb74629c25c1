/**
 * A whole gateway that accepts connections and never answers is an outage of the service, not "no
 * network": told apart by a TCP connection that completes, or by a witness address IT names when
 * the service is reached through a proxy.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startConnectProxy } from '../../testing/corporate-network.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { activateAcme, createTestCore } from '../../testing/test-core.ts';
import type { NetworkRoute } from '../api/network.ts';

const mock = useMockServer({ debtors: 10 });
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A gateway for both services that accepts every connection and never says a word. */
async function hangingGateway(): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function coreOn(gateway: string, options: { route?: NetworkRoute; witnessUrl?: string } = {}) {
  const core = createTestCore(mock.server, options.route ? { network: { route: options.route, systemCa: false } } : {});
  core.settings.updatePreferences({
    monitoring: { timeoutSeconds: 2, ...(options.witnessUrl ? { witnessUrl: options.witnessUrl } : {}) },
  });
  activateAcme(core, gateway);
  return core;
}

describe('a gateway that accepts connections and never answers', () => {
  // Each check waits out the 2 s timeout of the health check and of the network check after it.
  const WAITS = { timeout: 15_000 };

  it('is the service failing, not "no network", when a TCP connection to it completes', WAITS, async () => {
    const core = coreOn(await hangingGateway());
    const lines = await core.checkHealthNow();
    expect(lines.map((line) => line.state)).toEqual(['suspect', 'suspect']);
  });

  /** The gateway reached through a proxy: no TCP connection of the app's own to it. */
  async function behindProxy(witnessUrl?: string) {
    const gateway = await hangingGateway();
    const proxy = await startConnectProxy({ forwardPlain: true });
    closers.push(() => proxy.close());
    return coreOn(gateway, { route: { proxyFor: async () => proxy.url }, witnessUrl });
  }

  it('behind a proxy, is the service failing when the witness address IT named answers', WAITS, async () => {
    const core = await behindProxy(`${mock.server.url}/`);
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['suspect', 'suspect']);
  });

  it('behind a proxy and with no witness, is "no network": nothing tells the two apart', WAITS, async () => {
    const core = await behindProxy();
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['offline', 'offline']);
  });
});
