/** Oversized, odd and hostile answers: each has a defined, bounded path. */
import { afterEach, describe, expect, it } from 'vitest';
import { failure } from '../../testing/api-failure.ts';
import { startRawServer, type RawServer } from '../../testing/raw-server.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { defaultAuthScheme, resolveProfile } from '../../shared/api/api-profile.ts';
import { createServiceClients } from './service-clients.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';

let raw: RawServer | undefined;
afterEach(async () => {
  await raw?.close();
  raw = undefined;
});

/** The timeclock client of an environment on a raw server of the test's (with `changes` to the environment, given its URL). */
async function timeclockAnswering(
  handler: Parameters<typeof startRawServer>[0],
  changes: Partial<Environment> | ((url: string) => Partial<Environment>) = {},
) {
  raw = await startRawServer(handler);
  const environment: Environment = {
    id: 'qa',
    name: 'QA',
    timeclockBaseUrl: raw.url,
    debtorsBaseUrl: raw.url,
    clientId: 'c',
    auth: defaultAuthScheme,
    employeeId: 'E1',
    ...(typeof changes === 'function' ? changes(raw.url) : changes),
  };
  return createServiceClients(environment, 'secret', defaultPreferences().network, {
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
  }).timeclock;
}

describe('odd answers', () => {
  it('does not repeat a Retry-After of years: it says "a few hours"', async () => {
    const client = await timeclockAnswering((req, res) => res.writeHead(429, { 'retry-after': '999999999' }).end());
    const error = await failure(client.lastClockedTimeEvent('E1'));
    expect(error.message).toContain('Try again in a few hours (the server asked for a long wait).');
    expect(error.message).not.toContain('999999');
  });

  it('refuses invalid UTF-8 in an accepted answer instead of changing an id silently, and says the write was accepted', async () => {
    const client = await timeclockAnswering((req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        Buffer.concat([Buffer.from('{"id":"TE'), Buffer.from([0xff, 0xfe]), Buffer.from('","clockIn":"2026-11-23T08:00:00Z"}')]),
      );
    });
    const error = await failure(client.clockIn('E1', '2026-11-23T08:00:00.000Z', 'k'));
    expect(error).toMatchObject({ kind: 'bad-response', acceptedButUnreadable: true });
    expect(error.message).toContain('not valid UTF-8');
  });

  it('never reads a huge time event whole', async () => {
    const client = await timeclockAnswering((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"id":"TE1","clockIn":"2026-11-23T08:00:00Z","notes":"${'x'.repeat(3 * 1024 * 1024)}"}`);
    });
    const error = await failure(client.lastClockedTimeEvent('E1'));
    expect(error.message).toContain('over the 1 MB limit');
  });

  it('reads only the start of a huge error body, and still shows the server’s words', async () => {
    const client = await timeclockAnswering((req, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`Bad clockIn.${' '.repeat(5 * 1024 * 1024)}`);
    });
    const error = await failure(client.clockIn('E1', 'x', 'k'));
    expect(error).toMatchObject({ kind: 'bad-request' });
  });

  it('keeps an id nested in a 5,000-deep unknown field readable, and the event usable', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const client = await timeclockAnswering((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"id":"TE1","clockIn":"2026-11-23T08:00:00Z","extra":${deep}}`),
    );
    expect(await client.lastClockedTimeEvent('E1')).toMatchObject({
      id: 'TE1',
      clockIn: '2026-11-23T08:00:00.000Z',
      clockOut: null,
    });
  });
});

describe('request bodies as the profile says', () => {
  it('writes the employee id as a number and the fields under their mapped names', async () => {
    const bodies: string[] = [];
    const client = await timeclockAnswering(
      (req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        req.on('end', () => {
          bodies.push(text);
          res
            .writeHead(201, { 'content-type': 'application/json' })
            .end('{"EventNo":1,"EmpNo":7,"Start":"2026-11-23T08:00:00Z"}');
        });
      },
      {
        employeeId: '7',
        profile: resolveProfile({
          employeeIdType: 'number',
          timeEventFields: { id: 'EventNo', employeeId: 'EmpNo', clockIn: 'Start', clockOut: null },
        }),
      },
    );
    expect(await client.clockIn('7', '2026-11-23T08:00:00.000Z', 'k')).toMatchObject({
      id: '1',
      employeeId: '7',
      clockIn: '2026-11-23T08:00:00.000Z',
    });
    expect(JSON.parse(bodies[0]!)).toEqual({ EmpNo: 7, Start: '2026-11-23T08:00:00.000Z' });
  });
});

describe('what an unreadable answer shows', () => {
  it('never shows the secret, even when the body that cannot be read begins with it', async () => {
    const client = await timeclockAnswering((req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('secret echoed: secret <html>'),
    );
    const error = await failure(client.lastClockedTimeEvent('E1'));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('a web page from');
    expect(error.facts.reason).toContain('it is not JSON');
    expect(JSON.stringify(error)).not.toMatch(/secret echoed: secret\b/);
  });
});

describe('a 401 as gateways send it', () => {
  it('with a Bearer challenge while OAuth is in use: the gateway refused a token the token server issued, in its own words, with no OAuth advice and no doubt cast on the secret', async () => {
    const client = await timeclockAnswering(
      (req, res) => {
        if (req.url === '/token')
          return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"t1"}');
        const challenge = 'Bearer error="invalid_token", error_description="The audience api://other is not allowed"';
        res.writeHead(401, { 'www-authenticate': challenge }).end();
      },
      (url) => ({ auth: { kind: 'oauth-client-credentials', tokenUrl: `${url}/token`, credentialsIn: 'body' } }),
    );
    const error = await failure(client.lastClockedTimeEvent('E1'));
    // The token server took the client id and secret: it is the token that was refused (issue 47, point 7).
    expect(error.facts.signIn).toBe('token-refused');
    expect(error.message).toBe(
      'Timeclock service of QA refused the access token for reading the last clocked time event of employee E1 (401), though the token server issued it for this client id and secret. The server said: “The audience api://other is not allowed”. The API may want a token for another scope or audience: ask its owner which, and set it in the sign-in of environment QA.',
    );
  });

  it('says "missing credentials" behind a gateway that drops underscore headers: the headers may have been dropped', async () => {
    const client = await timeclockAnswering((req, res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Missing client credentials"}'),
    );
    const error = await failure(client.lastClockedTimeEvent('E1'));
    expect(error.message).toBe(
      'Timeclock service of QA says the credentials for reading the last clocked time event of employee E1 are missing (401). The server said: “Missing client credentials”. They go in headers whose names have underscores, which nginx and many gateways drop on the way: set hyphenated header names in the sign-in of environment QA (for example client-id, client-secret), or have the gateway allow underscores.',
    );
  });
});
