import { describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { initialHealth, stepHealth, type HealthEvent, type Step, type SystemHealth } from './health-machine.ts';
import { healthRules } from './health-rules.ts';
import { describeState } from './health-view.ts';

const rules = healthRules(defaultPreferences().monitoring);
const S = 1000;
const ok = (latencyMs = 50): HealthEvent => ({ kind: 'ok', latencyMs });
const fail: HealthEvent = { kind: 'fail', message: 'The target system reports that it is down.' };

/** Runs events at the given seconds, returning every step. */
function run(events: Array<[number, HealthEvent]>, start: SystemHealth = initialHealth(0)): Step[] {
  const steps: Step[] = [];
  let health = start;
  for (const [second, event] of events) {
    const step = stepHealth(health, event, second * S, rules);
    steps.push(step);
    health = step.health;
  }
  return steps;
}
const upAt0 = () => run([[0, ok()]])[0]!.health;
const states = (steps: Step[]) => steps.map((step) => step.health.state);

describe('confirming an outage', () => {
  it('goes suspect at once, re-checks at +10 s and +30 s, and confirms down on the third failure', () => {
    const steps = run(
      [
        [100, fail],
        [110, fail],
        [130, fail],
      ],
      upAt0(),
    );
    expect(states(steps)).toEqual(['suspect', 'suspect', 'down']);
    expect(steps.map((step) => step.next?.delayMs)).toEqual([10 * S, 20 * S, 30 * S]);
    expect(steps[0]!.change).toMatchObject({ from: 'up', to: 'suspect', confirmed: false });
    expect(steps[2]!.change).toMatchObject({ from: 'suspect', to: 'down', confirmed: true, outageStartedAt: 100 * S });
  });

  it('needs the failures to span 30 s: three quick failures stay suspect until then', () => {
    const steps = run(
      [
        [100, fail],
        [105, fail],
        [112, fail],
        [130, fail],
      ],
      upAt0(),
    );
    expect(states(steps)).toEqual(['suspect', 'suspect', 'suspect', 'down']);
    expect(steps[2]!.next?.delayMs).toBe(18 * S);
  });

  it('treats a blip as nothing: suspect, then up, with no confirmed change', () => {
    const steps = run(
      [
        [100, fail],
        [110, ok()],
      ],
      upAt0(),
    );
    expect(states(steps)).toEqual(['suspect', 'up']);
    expect(steps.every((step) => !step.change?.confirmed)).toBe(true);
  });

  it('recovers only after two successes in a row, reporting how long the outage lasted', () => {
    const down = run(
      [
        [100, fail],
        [110, fail],
        [130, fail],
      ],
      upAt0(),
    ).at(-1)!.health;
    const steps = run(
      [
        [160, ok()],
        [170, fail],
        [200, ok()],
        [210, ok()],
      ],
      down,
    );
    expect(states(steps)).toEqual(['down', 'down', 'down', 'up']);
    expect(steps[0]!.next?.delayMs).toBe(10 * S);
    expect(steps[3]!.change).toMatchObject({ from: 'down', to: 'up', confirmed: true, outageStartedAt: 100 * S });
  });
});

describe('pacing', () => {
  it('backs off 30 → 60 → 120 → 300 s while down', () => {
    const down = run(
      [
        [100, fail],
        [110, fail],
        [130, fail],
      ],
      upAt0(),
    ).at(-1)!.health;
    const steps = run(
      [
        [160, fail],
        [220, fail],
        [340, fail],
        [640, fail],
      ],
      down,
    );
    expect(steps.map((step) => step.next?.delayMs)).toEqual([60 * S, 120 * S, 300 * S, 300 * S]);
  });

  it('confirms a suspicion on its own schedule whatever a 503 Retry-After says, and honours it once down (at most 5 minutes)', () => {
    const busy: HealthEvent = { kind: 'fail', message: 'busy', retryAfterMs: 3_600 * S };
    const steps = run(
      [
        [100, busy],
        [110, busy],
        [130, busy],
        [430, { kind: 'fail', message: 'busy', retryAfterMs: 90 * S }],
      ],
      upAt0(),
    );
    expect(states(steps)).toEqual(['suspect', 'suspect', 'down', 'down']);
    expect(steps.map((step) => step.next)).toEqual([
      { delayMs: 10 * S, atLeast: false, exact: true },
      { delayMs: 20 * S, atLeast: false, exact: true },
      { delayMs: 300 * S, atLeast: true },
      { delayMs: 90 * S, atLeast: true },
    ]);
  });

  it('waits out a 429 on a system not known down for at most 2 minutes, and calls it rate limited', () => {
    const [short] = run([[100, { kind: 'rate-limited', message: 'slow down', retryAfterMs: 45 * S }]], upAt0());
    expect(short!.next).toEqual({ delayMs: 45 * S, atLeast: true });
    const [capped] = run([[100, { kind: 'rate-limited', message: 'slow down', retryAfterMs: 3_600 * S }]], upAt0());
    expect(capped!.next).toEqual({ delayMs: 120 * S, atLeast: true });
    expect(capped!.health.state).toBe('rate-limited');
  });

  it('stops checking on refused credentials until told otherwise', () => {
    const [step] = run([[100, { kind: 'auth', message: 'refused' }]], upAt0());
    expect(step).toMatchObject({ health: { state: 'auth-error' }, next: null, change: { to: 'auth-error' } });
  });

  it('asks again every 5 minutes when the refusal may be an access not yet approved, with no new change until it comes', () => {
    const pending: HealthEvent = { kind: 'auth', message: 'wrong, or not approved yet', pending: true };
    const steps = run(
      [
        [100, pending],
        [300 * S, pending],
        [600 * S, ok()],
        [610 * S, ok()],
      ],
      upAt0(),
    );
    expect(steps.map((step) => step.next?.delayMs ?? null).slice(0, 2)).toEqual([300 * S, 300 * S]);
    expect(steps.map((step) => step.change?.to ?? null)).toEqual(['auth-error', null, 'up', null]);
    expect(describeState(steps[0]!.health, 1_000, () => '', null)).toBe('credentials refused · checked again every 5 min');
    expect(steps.at(-1)!.health.state).toBe('up');
  });
});

describe('latency', () => {
  it('is slow on a trend, never on one slow answer: the p95 of the last 20 checks over the threshold', () => {
    const blip = run(
      [
        [30, ok(2500)],
        [60, ok(100)],
        [90, ok(100)],
        [120, ok(100)],
      ],
      upAt0(),
    );
    expect(states(blip)).toEqual(['up', 'up', 'up', 'up']);
    const trend = run(
      [
        [30, ok(2500)],
        [60, ok(100)],
        [90, ok(2600)],
        [120, ok(100)],
      ],
      upAt0(),
    );
    // The second slow answer of the last 20 makes their p95 slow.
    expect(states(trend)).toEqual(['up', 'up', 'degraded', 'degraded']);
    expect(trend[2]!.change).toMatchObject({ to: 'degraded', confirmed: false, message: expect.stringMatching(/2,600 ms/) });
    // Up again once fewer than two of the last 20 are slow: the 19th fast answer pushes the first slow one out.
    const after = run(
      [
        [30, ok(2500)],
        [60, ok(2600)],
        ...Array.from({ length: 19 }, (_, index) => [90 + index * 30, ok(100)] as [number, HealthEvent]),
      ],
      upAt0(),
    );
    expect(states(after).indexOf('up', 2)).toBe(20);
  });

  it('judges slow on the server’s part, and says slow on the way when the time goes before the server (issue 66, point 3)', () => {
    // 2.5 s in all, of which the server took 100 ms: a proxy or name lookup is slow, not the service.
    const onTheWay = (total: number): HealthEvent => ({
      kind: 'ok',
      latencyMs: total,
      phases: { dnsMs: total - 120, connectMs: 10, tlsMs: 10, waitMs: 90, readMs: 10 },
    });
    const way = run(
      [
        [30, onTheWay(2500)],
        [60, onTheWay(2600)],
      ],
      upAt0(),
    );
    expect(states(way)).toEqual(['up', 'degraded']);
    expect(way[1]!.health).toMatchObject({ slowOnTheWay: true, lastLatencyMs: 2600, lastPhases: { waitMs: 90 } });
    expect(way[1]!.health.message).toBe(
      'Answers take 2,600 ms, most of it before the server (proxy, name lookup or the network).',
    );
    expect(describeState(way[1]!.health, 61 * S, () => '', null, undefined, { latency: false, checked: false })).toBe(
      'slow on the way (proxy/DNS)',
    );
    // The server's own part slow: slow, said as the service's.
    const server = (total: number): HealthEvent => ({
      kind: 'ok',
      latencyMs: total,
      phases: { dnsMs: null, connectMs: null, tlsMs: null, waitMs: total - 20, readMs: 10 },
    });
    const slow = run(
      [
        [30, server(2500)],
        [60, server(2600)],
      ],
      upAt0(),
    );
    expect(slow[1]!.health).toMatchObject({ state: 'degraded', slowOnTheWay: false });
    expect(describeState(slow[1]!.health, 61 * S, () => '', null, undefined, { latency: false, checked: false })).toBe('slow');
  });
});

describe('flapping', () => {
  it('is unstable after four confirmed changes within 30 minutes, and stable after 30 quiet minutes', () => {
    let health = upAt0();
    let t = 0;
    const outageAndBack = () => {
      for (const [offset, event] of [
        [0, fail],
        [10, fail],
        [30, fail],
        [60, ok()],
        [70, ok()],
      ] as const) {
        health = stepHealth(health, event, (t + offset) * S, rules).health;
      }
      t += 120;
    };
    outageAndBack();
    expect(health.unstable).toBe(false);
    outageAndBack();
    expect(health.unstable).toBe(true);
    health = stepHealth(health, ok(), (t + 1_800) * S, rules).health;
    expect(health.unstable).toBe(false);
  });
});

describe('resets (sleep, unlock, switch) and offline', () => {
  const downSince100 = () =>
    run(
      [
        [100, fail],
        [110, fail],
        [130, fail],
      ],
      upAt0(),
    ).at(-1)!.health;

  it('go to unknown and re-check in 5 s', () => {
    const [step] = run([[500, { kind: 'reset' }]], downSince100());
    expect(step).toMatchObject({ health: { state: 'unknown', outageStartedAt: 100 * S }, next: { delayMs: 5 * S } });
  });

  it('still need two successes to end an outage remembered across a reset', () => {
    const steps = run(
      [
        [500, { kind: 'reset' }],
        [505, ok()],
        [515, ok()],
      ],
      downSince100(),
    );
    expect(states(steps)).toEqual(['unknown', 'unknown', 'up']);
    expect(steps[2]!.change).toMatchObject({ to: 'up', confirmed: true, outageStartedAt: 100 * S });
  });

  it('re-confirm a continuing outage with its original start, without counting a flap', () => {
    const before = downSince100();
    const steps = run(
      [
        [500, { kind: 'reset' }],
        [505, fail],
        [515, fail],
        [535, fail],
      ],
      before,
    );
    expect(steps.at(-1)!.change).toMatchObject({ to: 'down', outageStartedAt: 100 * S });
    expect(steps.at(-1)!.health.changes).toEqual(before.changes);
  });

  it('mark a machine without network offline, keeping the interval', () => {
    const [step] = run([[100, { kind: 'offline', message: 'No network.' }]], upAt0());
    expect(step).toMatchObject({
      health: { state: 'offline' },
      next: { delayMs: 25 * S },
      change: { to: 'offline', confirmed: false },
    });
  });
});

describe('a system that says it is degraded', () => {
  const degraded: HealthEvent = { kind: 'ok', latencyMs: 50, degraded: 'The target system reports that it is degraded.' };

  it('is amber at once with its own words, is never an outage, and clears when it says it is up again', () => {
    const steps = run([
      [0, ok()],
      [60, degraded],
      [120, degraded],
      [180, ok()],
      [240, ok()],
      [300, ok()],
    ]);
    expect(states(steps)).toEqual(['up', 'degraded', 'degraded', 'up', 'up', 'up']);
    expect(steps[1]!.change).toMatchObject({
      to: 'degraded',
      confirmed: false,
      message: 'The target system reports that it is degraded.',
    });
    expect(steps.some((step) => step.change?.confirmed)).toBe(false);
  });

  it('is said as "degraded", its word, while slow answers are said as "slow"', () => {
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const reported = run([
      [0, ok()],
      [60, degraded],
    ]).at(-1)!.health;
    expect(describeState(reported, 60_000, hhmm, null)).toMatch(/^degraded · 50 ms/);
    const slowly = run([
      [0, ok(5_000)],
      [30, ok(5_000)],
      [60, ok(5_000)],
    ]).at(-1)!.health;
    expect(slowly.state).toBe('degraded');
    expect(describeState(slowly, 60_000, hhmm, null)).toMatch(/^slow · 5000 ms/);
  });
});
