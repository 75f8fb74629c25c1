/** The OAuth token answer is read like every other answer: bounded as it arrives, never whole first. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createAuthSource } from './auth.ts';

describe('the OAuth token answer', () => {
  it('redacts a secret the token server echoes before its words are cut', async () => {
    const secret = 'tok3n-s3cret-' + 'x'.repeat(40);
    const server = createServer((_request, response) => {
      const description = `${'y'.repeat(155)} bad client secret ${secret}`; // the secret runs across the 200th character
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_client', error_description: description }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
      const auth = createAuthSource(
        { kind: 'oauth-client-credentials', tokenUrl, credentialsIn: 'body' },
        { clientId: 'c', clientSecret: secret },
        { fetch, now: () => 0, timeoutMs: 10_000 },
      );
      const error = (await auth.headers().catch((caught: Error) => caught)) as Error;
      expect(error.message).toMatch(/answered 401/);
      expect(error.message).not.toContain('tok3n');
    } finally {
      server.close();
    }
  });

  it('stops reading a huge answer at its cap and says the token is missing, without taking it whole', async () => {
    const total = 200 * 1024 * 1024;
    let written = 0;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const piece = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < total && !response.destroyed) {
          written += piece.length;
          if (!response.write(piece)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => (written = Math.min(written, total)));
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
      const auth = createAuthSource(
        { kind: 'oauth-client-credentials', tokenUrl, credentialsIn: 'body' },
        { clientId: 'c', clientSecret: 's' },
        { fetch, now: () => 0, timeoutMs: 10_000 },
      );
      await expect(auth.headers()).rejects.toThrow(/without an access_token/);
      // The server could put only a little more than the cap on the wire before the app let go.
      expect(written).toBeLessThan(total / 4);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
