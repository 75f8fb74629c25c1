/**
 * Hostile input at the door: a seeded, bounded fuzz over every request of the IPC contract, and the
 * shapes that once got through (unknown settings, 10 MB strings, Dates, BigInts, deep nesting,
 * prototype keys). Every call is answered with a clear refusal or a result — never "something went
 * wrong" — and nothing refused leaves a trace in the settings or breaks the next call.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invokeArgs, type InvokeName } from '../../shared/ipc/contract.ts';
import { createRandom } from '../../mock/data/random.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { recordingShell } from '../../testing/test-shell.ts';
import { loadAdminPolicy } from '../settings/admin-policy.ts';
import { dispatchInvoke } from './dispatch.ts';
import { LIMITS } from './plain-json.ts';
import { createWindowHandlers } from './window-handlers.ts';

const mock = useMockServer({ debtors: 20 });

function setup() {
  const core = createTestCore(mock.server);
  const internal: string[] = [];
  const handlers = createWindowHandlers(core, recordingShell());
  const call = (name: unknown, args: unknown) => dispatchInvoke(handlers, name, args, (error) => internal.push(String(error)));
  return { core, call, internal };
}

const nasty: unknown[] = [
  'x'.repeat(10 * 1024 * 1024),
  new Date(),
  new Date(Number.NaN),
  10n,
  Number.NaN,
  Infinity,
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: {} } },
  { toString: 'x' },
  new Map([['a', 1]]),
  [[[[[[[[[[[[[[[[['deep']]]]]]]]]]]]]]]]],
  () => 1,
  Symbol('s'),
  undefined,
  null,
  '',
  -1,
  1e308,
  { a: 1 },
  [],
];

/** A random value that is sometimes nasty, sometimes plausible. */
function value(random: ReturnType<typeof createRandom>, depth = 0): unknown {
  const roll = random.next();
  if (roll < 0.35) return random.pick(nasty);
  if (roll < 0.55) return random.pick(['mock', 'E1001', 'clock-in', 'https://evil.example', '', 'monitoring', 'source']);
  if (roll < 0.7) return random.int(-5, 100_000);
  if (roll < 0.8 || depth > 3) return random.chance(0.5);
  if (roll < 0.9) return Array.from({ length: random.int(0, 3) }, () => value(random, depth + 1));
  return Object.fromEntries(
    Array.from({ length: random.int(0, 3) }, () => [
      random.pick(['kind', 'monitoring', 'pollIntervalSeconds', '__proto__', 'x']),
      value(random, depth + 1),
    ]),
  );
}

describe('hostile input at the door', () => {
  it('answers every request of the contract, fuzzed, with a result or a clear refusal, never an internal error', async () => {
    const { core, call, internal } = setup();
    const random = createRandom(5597);
    const names = Object.keys(invokeArgs) as InvokeName[];
    // Requests that would open windows, dialogs or long syncs stay out of a fuzz loop's way.
    const skipped = new Set<InvokeName>(['lookupOpen', 'lookupRefresh']);
    let refused = 0;
    for (let round = 0; round < 1_500; round++) {
      const name = random.pick(names);
      if (skipped.has(name)) continue;
      const args = Array.from({ length: random.int(0, 3) }, () => value(random));
      const answer = await call(name, args);
      if (!answer.ok) {
        refused++;
        expect(answer.error.kind, `${name}: ${answer.error.message}`).not.toBe('internal');
      }
    }
    expect(internal).toEqual([]);
    expect(refused).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(core.settings.preferences().monitoring.pollIntervalSeconds).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it.each([
    ['an unknown field', { monitoring: { notAField: 1 } }, /"monitoring\.notAField":"Unknown setting\."/],
    ['a 10 MB string', { general: { theme: 'x'.repeat(10 * 1024 * 1024) } }, /longer than/],
    ['a Date', { monitoring: { quietHours: new Date() } }, /not plain data \(a Date\)/],
    ['a BigInt', { monitoring: { pollIntervalSeconds: 10n } }, /bigint, not plain data/],
    ['100k-deep arrays', { monitoring: { x: JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) } }, /nested more than/],
    ['a key named __proto__', JSON.parse('{"__proto__": {"pollIntervalSeconds": 10}}'), /field named "__proto__"/],
    ['a section named constructor', { constructor: { x: 1 } }, /field named "constructor"/],
    ['a section named toString', { toString: { x: 1 } }, /"toString":"Unknown section\."/],
  ])('refuses settings with %s in words, saves nothing, and the next write still works', async (_, patch, message) => {
    const { core, call } = setup();
    const before = JSON.stringify(core.settings.preferences());
    const answer = await call('updateSettings', [patch]);
    const text = answer.ok ? JSON.stringify(answer.value) : answer.error.message;
    expect(text).toMatch(message);
    if (answer.ok) expect(answer.value).toMatchObject({ ok: false });
    expect(JSON.stringify(core.settings.preferences())).toBe(before);
    expect(await call('updateSettings', [{ monitoring: { pollIntervalSeconds: 45 } }])).toMatchObject({ ok: true });
    expect(core.settings.preferences().monitoring.pollIntervalSeconds).toBe(45);
  });

  it.each([
    [[], 'lookupPin: the debtor key must be text (got nothing).'],
    [['D-1'], 'lookupPin: pinned must be true or false (got nothing).'],
    [['D-1', 'yes'], 'lookupPin: pinned must be true or false (got "yes").'],
    [[1, true], 'lookupPin: the debtor key must be text (got 1).'],
    [['D-1', true, 3], 'lookupPin: takes 2 arguments, got 3.'],
    [[null, true], 'lookupPin: the debtor key must be text (got null).'],
    [['  ', true], 'lookupPin: the debtor key must not be empty (got "  ").'],
    [['x'.repeat(300), true], 'lookupPin: the debtor key must be at most 200 long (got 300).'],
    [[{ a: 1 }, false], 'lookupPin: the debtor key must be text (got an object).'],
    [[['k'], true], 'lookupPin: the debtor key must be text (got a list).'],
  ])('refuses a pin of %j naming the argument and what is wrong (issue 45, point 12)', async (args, message) => {
    const { call } = setup();
    expect(await call('lookupPin', args)).toEqual({ ok: false, error: { kind: 'invalid-request', message } });
  });

  it('keeps its limits above what the app itself sends (a CA certificate, a long secret)', () => {
    expect(LIMITS.stringLength).toBeGreaterThanOrEqual(50_000);
  });
});

describe('corrupted files never stop the start', () => {
  it.each([
    [
      'an admin file with constructor and __proto__ sections',
      '{"settings": {"constructor": {}, "__proto__": {"monitoring": {}}, "toString": 1}, "locked": ["constructor", "__proto__.x", "toString"]}',
    ],
    ['an admin file of deep nesting', `{"settings": ${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`],
    ['an admin file that is a JSON string', '"hello"'],
    ['an admin file with an environment named __proto__', '{"environments": [{"__proto__": {"id": "x"}, "id": "constructor"}]}'],
  ])('reads %s, reports it, and starts', (_, text) => {
    const path = join(mkdtempSync(join(tmpdir(), 'admin-')), 'admin.json');
    writeFileSync(path, text);
    const policy = loadAdminPolicy(path, () => text);
    expect(policy.problems.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).monitoring).toBeUndefined();
    const core = createTestCore(mock.server, { admin: policy });
    expect(core.settings.preferences().monitoring.pollIntervalSeconds).toBe(25);
  });
});
