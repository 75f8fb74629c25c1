/** Starts a real mock server for a test file and gives authenticated fetch helpers. */
import { afterAll, beforeAll } from 'vitest';
import { demoCredentials } from '../mock/auth.ts';
import { startMockServer, type MockServer, type MockServerOptions } from '../mock/mock-server.ts';

export const demoHeaders = { client_id: demoCredentials.clientId, client_secret: demoCredentials.clientSecret };

export interface MockFixture {
  readonly server: MockServer;
  /** fetch with the demo credentials; `path` starts with /timeclock, /debtors or /__mock. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** Sends a control API request and fails the test if the mock refuses it. */
  control(method: 'PUT' | 'POST', path: string, body?: unknown): Promise<unknown>;
}

export function useMockServer(options: MockServerOptions = {}): MockFixture {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startMockServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = () => {
    if (!server) throw new Error('The mock server is not running yet.');
    return server;
  };
  return {
    get server() {
      return current();
    },
    call: (path, init = {}) =>
      fetch(current().url + path, { ...init, headers: { ...demoHeaders, ...(init.headers as Record<string, string>) } }),
    async control(method, path, body) {
      const response = await fetch(`${current().url}/__mock${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`Control ${method} ${path} failed: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}
