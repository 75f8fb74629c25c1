/**
 * The mock as the app embeds it: running only while the Mock environment is active, on the same
 * port each time it comes back (so the Mock's addresses stay the same), with a control API that
 * needs this session's random token.
 */
import { randomUUID } from 'node:crypto';
import type { MockControl } from './mock-control.ts';
import { MOCK_HOST, startMockServer, type MockServer } from './mock-server.ts';

export interface EmbeddedMock {
  /** Where the Mock environment points (the port is known after the first start). */
  urls(): { timeclockBaseUrl: string; debtorsBaseUrl: string };
  /** Start or stop to match whether the Mock environment is active. */
  follow(mockActive: boolean): Promise<void>;
  /** In-process control for the tray's "Mock server" menu; null while stopped. */
  control(): MockControl | null;
  running(): boolean;
  close(): Promise<void>;
}

export function createEmbeddedMock(options: { debtors?: number } = {}): EmbeddedMock {
  const token = randomUUID();
  let server: MockServer | null = null;
  let port = 0;
  let changing: Promise<void> = Promise.resolve();

  async function start(): Promise<void> {
    try {
      server = await startMockServer({ port, controlToken: token, debtors: options.debtors });
    } catch {
      server = await startMockServer({ port: 0, controlToken: token, debtors: options.debtors }); // the old port was taken
    }
    port = Number(new URL(server.url).port);
  }

  return {
    urls: () => {
      const url = `http://${MOCK_HOST}:${port}`;
      return { timeclockBaseUrl: `${url}/timeclock`, debtorsBaseUrl: `${url}/debtors` };
    },
    follow(mockActive) {
      changing = changing.then(async () => {
        if (mockActive && !server) await start();
        if (!mockActive && server) {
          const stopping = server;
          server = null;
          await stopping.close();
        }
      });
      return changing;
    },
    control: () => server?.control ?? null,
    running: () => server !== null,
    async close() {
      await this.follow(false);
    },
  };
}
