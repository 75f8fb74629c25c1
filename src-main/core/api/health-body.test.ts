import { describe, expect, it } from 'vitest';
import { readHealthAnswer } from './health-body.ts';

describe('a health answer read', () => {
  it.each([
    [undefined, { state: 'up', failing: [] }],
    ['UP', { state: 'up', failing: [] }],
    ['DOWN', { state: 'down', failing: [] }],
    [
      {
        status: 'OFFLINE',
        dependencies: [
          { name: 'db', status: 'DOWN' },
          { name: 'cache', status: 'UP' },
        ],
      },
      { state: 'down', failing: ['db'] },
    ],
    [
      { status: 'DEGRADED', dependencies: [{ name: 'queue', status: 'DOWN' }] },
      { state: 'degraded', failing: ['queue'] },
    ],
    [
      { status: 'UP', components: { db: { status: 'UP' }, diskSpace: { status: 'OUT_OF_SERVICE' } } },
      { state: 'up', failing: ['diskSpace'] },
    ],
    [
      { status: 'fail', checks: [{ name: 'uptime', status: 'pass' }] },
      { state: 'down', failing: [] },
    ],
    [{ healthy: false }, { state: 'down', failing: [] }],
    [{ version: '1.4.2' }, { state: 'up', failing: [] }],
    [{ entries: { sql: { status: 'Unhealthy' } } }, { state: 'degraded', failing: ['sql'] }],
  ])('%j is %j', (body, reading) => {
    expect(readHealthAnswer(body)).toEqual(reading);
  });

  it('keeps a word it does not know as the system’s own', () => {
    expect(readHealthAnswer({ status: 'MAINTENANCE' })).toEqual({ unknownWord: 'MAINTENANCE' });
    expect(readHealthAnswer('pong')).toEqual({ unknownWord: 'pong' });
  });
});
