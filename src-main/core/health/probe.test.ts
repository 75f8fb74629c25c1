import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { ApiError, type ApiErrorFacts } from '../api/api-error.ts';
import { createServiceClients } from '../api/service-clients.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from '../environments/environment.ts';
import { defaultPreferences } from '../settings/settings-schema.ts';
import { classifyError, probeSystem } from './probe.ts';

const error = (facts: Partial<ApiErrorFacts>) =>
  new ApiError({ kind: 'server', service: 'timeclock', operation: 'x', environment: 'QA', ...facts });
const mock = useMockServer({ debtors: 10 });

describe('classifying a failed health check', () => {
  it('tells our own network from a server that fails', () => {
    expect(classifyError(error({ kind: 'unreachable', reason: 'host name not found at https://x/health' })).kind).toBe('network');
    expect(classifyError(error({ kind: 'unreachable', reason: 'network unreachable at https://x/health' })).kind).toBe('network');
    expect(classifyError(error({ kind: 'unreachable', reason: 'connection refused at https://x/health' })).kind).toBe('fail');
    expect(classifyError(error({ kind: 'timeout' })).kind).toBe('fail');
    expect(classifyError(error({ kind: 'bad-response', reason: 'it is not JSON' })).kind).toBe('fail');
  });

  it('keeps refused credentials and rate limits apart, with Retry-After', () => {
    expect(classifyError(error({ kind: 'unauthorized', status: 401 })).kind).toBe('auth');
    expect(classifyError(error({ kind: 'forbidden', status: 403 })).kind).toBe('auth');
    expect(classifyError(error({ kind: 'rate-limited', status: 429, retryAfterMs: 30_000 }))).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 30_000,
    });
  });

  it('reads a 503 with Retry-After from the real mock as a failure that says when to come back', async () => {
    const clients = createServiceClients(mockEnvironment(mock.server), MOCK_CLIENT_SECRET, defaultPreferences().network);
    mock.server.control.setSystem('source', { rateLimit: null, status: 'down' });
    expect(await probeSystem(clients.timeclock, 'source')).toMatchObject({
      kind: 'fail',
      message: 'The source system reports that it is down.',
    });
    mock.server.control.setSystem('source', { status: 'up' });
    expect((await probeSystem(clients.timeclock, 'source')).kind).toBe('ok');
  });
});
