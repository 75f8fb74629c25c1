import { describe, expect, it } from 'vitest';
import { allowedClockOut } from './server-hints.ts';

describe('the clock-out method a server allows', () => {
  it.each([
    ['patch-json', 'GET, PUT', null, 'put'],
    ['patch-json', 'GET, PATCH', 'application/merge-patch+json', 'patch-merge'],
    ['patch-json', 'GET, PATCH', 'application/json-patch+json', 'json-patch'],
    ['put', 'GET, PATCH', null, 'patch-json'],
    ['patch-json', 'GET, PATCH, PUT', 'application/json', null],
    ['put', 'GET, PUT', null, null],
    ['patch-json', null, null, null],
  ] as const)('%s where it allows %s (%s) → %s', (current, allow, acceptPatch, proposed) => {
    expect(allowedClockOut(current, allow, acceptPatch)).toBe(proposed);
  });
});
