/** Telling our network from theirs: what a failed check and the environment's other endpoint say. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { createServiceClients } from '../api/service-clients.ts';
import { mockEnvironment, MOCK_CLIENT_SECRET } from '../environments/environment.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { startRawServer } from '../../testing/raw-server.ts';
import { classifyError, environmentAnswers, probeSystem } from './probe.ts';

const mock = useMockServer({ debtors: 10 });
const clientsAt = (timeclockBaseUrl: string, debtorsBaseUrl: string, timeoutMs = 1_000) =>
  createServiceClients(
    { ...mockEnvironment({ timeclockBaseUrl, debtorsBaseUrl }) },
    MOCK_CLIENT_SECRET,
    defaultPreferences().network,
    { timeoutMs },
  );
const unreachable = (reason: string) =>
  new ApiError({ kind: 'unreachable', service: 'timeclock', operation: 'networkCheck', environment: 'QA', reason });

describe('our network or theirs', () => {
  it('calls a failure without any HTTP answer a transport failure, but not a refused connection', () => {
    expect(classifyError(unreachable('connection lost at http://x/'))).toMatchObject({ kind: 'fail', transport: true });
    expect(classifyError(unreachable('host name not found at http://x/'))).toMatchObject({ kind: 'network' });
    expect(classifyError(unreachable('connection refused at http://x/'))).not.toHaveProperty('transport');
  });

  it('counts any HTTP answer of the environment, even an error, as a working network', async () => {
    expect(
      await environmentAnswers(clientsAt(mock.server.timeclockBaseUrl, mock.server.debtorsBaseUrl), new AbortController().signal),
    ).toBe(true);
    const notFound = await startRawServer((req, res) => res.writeHead(404).end());
    try {
      expect(await environmentAnswers(clientsAt(notFound.url, notFound.url), new AbortController().signal)).toBe(true);
    } finally {
      await notFound.close();
    }
  });

  it('says the network may be ours when nothing answers at all', async () => {
    const silent = await startRawServer(() => {}); // accepts, never answers
    try {
      expect(await environmentAnswers(clientsAt(silent.url, silent.url), new AbortController().signal)).toBe(false);
    } finally {
      await silent.close();
    }
  });

  it("calls headers followed by a body that never ends the server's failure, not this computer's network", async () => {
    // The status line and headers come at once; the body is promised and never finishes.
    const stalled = await startRawServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"status":');
    });
    try {
      // Time enough for the headers to arrive on a busy machine: the body's stall is what is timed out.
      const clients = clientsAt(stalled.url, stalled.url, 3_000);
      const probe = await probeSystem(clients.timeclock, 'source');
      expect(probe).toMatchObject({ kind: 'fail' });
      expect(probe).not.toHaveProperty('transport');
      expect(probe.kind === 'fail' && probe.message).toMatch(/answered 200, but its body did not finish within 3 s/);
      expect(await environmentAnswers(clients, new AbortController().signal)).toBe(true);
    } finally {
      await stalled.close();
    }
  }, 15_000);
});
