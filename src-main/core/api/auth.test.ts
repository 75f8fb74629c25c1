/**
 * OAuth tokens: the token answer is read like every other answer (bounded as it arrives, redacted
 * before it is cut), and a token the app holds is redacted from the log.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createAuthSource, REFUSED_TOKEN_HOLD_MS } from './auth.ts';
import { createHttpClient } from './http-client.ts';
import { createLogger } from '../logging/logger.ts';
import { liveSecrets, secretsToRedact } from '../security/live-secrets.ts';

/** A token server answering with `answer`, and an OAuth auth source pointed at it with `clientSecret`. */
async function tokenServer(answer: RequestListener, clientSecret = 's3cret-value') {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  const auth = createAuthSource(
    { kind: 'oauth-client-credentials', tokenUrl, credentialsIn: 'body' },
    { clientId: 'c', clientSecret },
    { fetch, now: () => 0, timeoutMs: 10_000 },
  );
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { auth, close };
}

/** An OAuth API on loopback (`answer` for its token URL and its routes) and an HTTP client for it, on `now`. */
async function oauthApi(answer: RequestListener, now: () => number = Date.now) {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const http = createHttpClient({
    service: 'debtors',
    environment: 'Acme',
    baseUrl: `${base}/debtors`,
    auth: { kind: 'oauth-client-credentials', tokenUrl: `${base}/token`, credentialsIn: 'body' },
    credentials: { clientId: 'c', clientSecret: 's3cret-value' },
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    now,
  });
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { http, close };
}

describe('OAuth tokens and the log', () => {
  it('redacts a token the app holds from every log line, and forgets it once it is dropped', async () => {
    const issued = 'eyJ.token-value-' + 'z'.repeat(20);
    const { auth, close } = await tokenServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: issued, expires_in: 3600 })),
    );
    try {
      expect(await auth.headers()).toEqual({ authorization: `Bearer ${issued}` });
      const lines: string[] = [];
      // As the app's log is made (electron/startup.ts): the vault's secrets and the tokens held.
      const log = createLogger(
        (_level, line) => lines.push(line),
        secretsToRedact(() => []),
      );
      log.warn(`the server said ${issued} was not valid`);
      expect(lines.at(-1)).not.toContain(issued);
      auth.invalidate();
      expect(liveSecrets.all()).not.toContain(issued);
    } finally {
      close();
    }
  });
});

describe('the OAuth token answer', () => {
  it('redacts a secret the token server echoes before its words are cut', async () => {
    const secret = 'tok3n-s3cret-' + 'x'.repeat(40);
    const { auth, close } = await tokenServer((_request, response) => {
      const description = `${'y'.repeat(155)} bad client secret ${secret}`; // the secret runs across the 200th character
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_client', error_description: description }));
    }, secret);
    try {
      const error = (await auth.headers().catch((caught: Error) => caught)) as Error;
      expect(error.message).toMatch(/answered 401/);
      expect(error.message).not.toContain('tok3n');
    } finally {
      close();
    }
  });

  it('stops reading a huge answer at its cap and says the token is missing, without taking it whole', async () => {
    const total = 200 * 1024 * 1024;
    let written = 0;
    const { auth, close } = await tokenServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const piece = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < total && !response.destroyed) {
          written += piece.length;
          if (!response.write(piece)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    try {
      await expect(auth.headers()).rejects.toThrow(/without an access_token/);
      // The server could put only a little more than the cap on the wire before the app let go.
      expect(written).toBeLessThan(total / 4);
    } finally {
      close();
    }
  });
});

describe('a revoked token met by many requests at once', () => {
  it('is renewed once for all of them, and each is retried once with the new token', async () => {
    let issued = 0;
    let valid = '';
    const { http, close } = await oauthApi((req, res) => {
      if (req.url === '/token') {
        valid = `token-${++issued}`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: valid, expires_in: 3600 }));
        return;
      }
      // Slow enough that every request of a burst is in flight before any is answered.
      setTimeout(() => {
        if (req.headers.authorization === `Bearer ${valid}`) res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        else res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' }).end();
      }, 20);
    });
    try {
      const burst = () =>
        Promise.allSettled(
          Array.from({ length: 6 }, () => http.request({ method: 'GET', path: 'Debtors', operation: 'debtors' })),
        );
      expect((await burst()).every((result) => result.status === 'fulfilled')).toBe(true);
      expect(issued).toBe(1);
      valid = 'revoked-by-the-server';
      const afterRevocation = await burst();
      expect(afterRevocation.map((result) => result.status)).toEqual(Array(6).fill('fulfilled'));
      expect(issued).toBe(2); // one renewal shared by all six
    } finally {
      close();
    }
  });
});

describe('a gateway that refuses every token (issue 61, point 5)', () => {
  it('asks for no new token per request: a token refused before the API took one waits out a growing hold', async () => {
    let issued = 0;
    let accepting = false;
    let now = Date.parse('2026-11-25T10:00:00Z');
    const { http, close } = await oauthApi(
      (req, res) => {
        if (req.url === '/token') {
          issued += 1;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: `token-${issued}`, expires_in: 3600 }));
          return;
        }
        if (accepting) res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        else res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token", error_description="wrong audience"' }).end();
      },
      () => now,
    );
    try {
      const walk = async () => {
        const outcomes = [];
        for (let page = 0; page < 20; page++)
          outcomes.push(
            await http.request({ method: 'GET', path: 'Debtors', operation: 'debtors' }).then(
              () => 'ok',
              (error: Error) => error.message,
            ),
          );
        return outcomes;
      };
      const first = await walk();
      expect(issued).toBe(1);
      expect(first.every((outcome) => /refused the access token .*issued it for this client id and secret/.test(outcome))).toBe(
        true,
      );

      now += REFUSED_TOKEN_HOLD_MS.first + 1;
      await walk();
      expect(issued).toBe(2); // one more after the hold, held twice as long
      now += REFUSED_TOKEN_HOLD_MS.first + 1;
      await walk();
      expect(issued).toBe(2);

      // IT fixes the audience: the next token after the hold is taken, and a revoked one is renewed at once again.
      accepting = true;
      now += 2 * REFUSED_TOKEN_HOLD_MS.first;
      expect(await walk()).toEqual(Array(20).fill('ok'));
      expect(issued).toBe(2);
    } finally {
      close();
    }
  });
});
