/**
 * The nicknames have no filter, so a sync reloads them whole every half hour: asked with the
 * ETag the server gave, an unchanged list costs a 304 and no body; a changed one comes whole; a
 * server without validators, or a list of several pages, is reloaded whole as before.
 */
import { describe, expect, it } from 'vitest';
import { createServiceClients } from '../api/service-clients.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from '../environments/environment.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { startRawServer } from '../../testing/raw-server.ts';
import { createLookupEngine } from './lookup-engine.ts';
import { NICKNAMES_EVERY_MS } from './lookup-sync.ts';

const mock = useMockServer({ debtors: 300, seed: 9 });

/** The real client over a fetch that records each nicknames answer's status and If-None-Match. */
function recorded(base: { timeclockBaseUrl: string; debtorsBaseUrl: string }) {
  const nicknames: Array<{ status: number; asked: string | null; bytes: number }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (String(input).includes('/Nicknames')) {
      const asked = new Headers(init?.headers).get('if-none-match');
      const bytes = Number(response.headers.get('content-length') ?? 0);
      nicknames.push({ status: response.status, asked, bytes });
    }
    return response;
  };
  const client = createServiceClients(mockEnvironment(base), MOCK_CLIENT_SECRET, defaultPreferences().network, { fetch }).debtors;
  return { client, nicknames };
}

describe('the nicknames, asked conditionally', () => {
  it('costs a 304 with no body when unchanged, and comes whole when changed', async () => {
    let at = Date.parse('2026-11-25T08:00:00Z');
    const { client, nicknames } = recorded(mock.server);
    const engine = createLookupEngine({ client, environmentName: 'Mock', now: () => at });
    await engine.sync();
    const count = engine.status().counts.nicknames;
    at += NICKNAMES_EVERY_MS + 60_000;
    await engine.sync();
    expect(nicknames.map(({ status, asked }) => [status, asked !== null])).toEqual([
      [200, false],
      [304, true],
    ]);
    expect(engine.status().counts.nicknames).toBe(count);
    // The service changes (its data's version moves on): the next reload brings the list whole.
    await mock.control('POST', '/debtors/changes', { add: 1 });
    at += NICKNAMES_EVERY_MS + 60_000;
    await engine.sync();
    expect(nicknames.at(-1)).toMatchObject({ status: 200 });
    expect(nicknames.at(-1)!.bytes).toBeGreaterThan(1000);
  });

  it('reloads the list whole from a server that sends no validators', async () => {
    const plain = await startRawServer((req, res) => {
      const body = req.url?.includes('/Nicknames')
        ? '[{"debtorKey":"D1","nickname":"AFC"}]'
        : req.url?.includes('/Debtors?') || req.url?.endsWith('/Debtors')
          ? '[{"debtorKey":"D1","name":"Acme Foods Company"}]'
          : '[]';
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    try {
      let at = Date.parse('2026-11-25T08:00:00Z');
      const { client, nicknames } = recorded({
        timeclockBaseUrl: `${plain.url}/timeclock`,
        debtorsBaseUrl: `${plain.url}/debtors`,
      });
      const engine = createLookupEngine({ client, environmentName: 'Plain', now: () => at });
      await engine.sync();
      at += NICKNAMES_EVERY_MS + 60_000;
      await engine.sync();
      expect(nicknames.map(({ status, asked }) => [status, asked])).toEqual([
        [200, null],
        [200, null],
      ]);
      expect(engine.status().counts.nicknames).toBe(1);
    } finally {
      await plain.close();
    }
  });
});
