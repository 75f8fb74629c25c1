/** How health reads to people: the tray's lines, its badge and tooltip, the status window's data. */
import { HEALTH_SYSTEMS, healthSystemLabels } from '../../shared/domain/health.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import type { HealthLine } from '../../shared/ipc/contract.ts';
import type { HealthBadge, SystemState } from '../../shared/domain/health.ts';
import { formatAgo, type TimeFormatter } from '../../shared/moments.ts';
import type { SystemHealth } from './health-machine.ts';
import type { HealthSnapshot } from './health-monitor.ts';

/** Short names of states, for the status window's log. */
export const stateLabels: Record<SystemState, string> = {
  unknown: 'unknown',
  up: 'up',
  degraded: 'degraded',
  suspect: 'not answering',
  down: 'down',
  'auth-error': 'credentials refused',
  'rate-limited': 'rate limited',
  offline: 'no network',
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function describeState(health: SystemHealth, now: number, formatTime: TimeFormatter, nextCheckAt: number | null): string {
  const latency = health.lastLatencyMs === null ? '' : ` · ${Math.round(health.lastLatencyMs)} ms`;
  const checked = health.lastCheckedAt === null ? '' : ` · checked ${formatAgo(now - health.lastCheckedAt)}`;
  switch (health.state) {
    case 'unknown':
      return 'checking…';
    case 'up':
      return `up${latency}${checked}`;
    case 'degraded':
      // The system's own word, or our measure of its answers: never one said as the other.
      return `${health.reportedDegraded ? 'degraded' : 'slow'}${latency}${checked}`;
    case 'suspect':
      return 'not answering · re-checking';
    case 'down':
      return `down since ${formatTime(health.outageStartedAt ?? health.since)}`;
    case 'auth-error':
      return 'credentials refused · checks paused';
    case 'rate-limited':
      return nextCheckAt === null ? 'rate limited' : `rate limited · next check ${formatTime(nextCheckAt)}`;
    case 'offline':
      return 'no network';
  }
}

export function healthLine(
  system: HealthSystem,
  health: SystemHealth,
  now: number,
  formatTime: TimeFormatter,
  nextCheckAt: number | null,
): HealthLine {
  return {
    system,
    label: healthSystemLabels[system],
    state: health.state,
    tone: toneOf(health.state),
    text: `${healthSystemLabels[system]} — ${describeState(health, now, formatTime, nextCheckAt)}`,
    short: describeState(health, now, formatTime, nextCheckAt).replace(/ · checked .*$/, ''),
    since: new Date(health.state === 'down' ? (health.outageStartedAt ?? health.since) : health.since).toISOString(),
    latencyMs: health.lastLatencyMs === null ? null : Math.round(health.lastLatencyMs),
    message: health.message,
    checkedAt: iso(health.lastCheckedAt),
    nextCheckAt: iso(nextCheckAt),
  };
}

/** The colour a state shows in: green, amber, red or grey. */
export function toneOf(state: SystemState): HealthBadge {
  if (state === 'down') return 'down';
  if (state === 'up') return 'up';
  if (state === 'unknown' || state === 'offline') return 'unknown';
  return 'suspect';
}

const severity: Record<HealthBadge, number> = { unknown: 0, up: 1, suspect: 2, down: 3 };

/** The colour on the tray icon: the worst of the two systems (grey only when nothing is known). */
export function trayBadge(snapshot: HealthSnapshot): HealthBadge {
  const tones = HEALTH_SYSTEMS.map((system) => toneOf(snapshot[system].state));
  return tones.reduce((worst, tone) => (severity[tone] > severity[worst] ? tone : worst), 'unknown' as HealthBadge);
}

/** One line for the tooltip: "Source up · Target down since 10:42". */
export function healthSummary(snapshot: HealthSnapshot, now: number, formatTime: TimeFormatter): string {
  const short = { source: 'Source', target: 'Target' } as const;
  return HEALTH_SYSTEMS.map((system) => {
    const text = describeState(snapshot[system], now, formatTime, null);
    return `${short[system]} ${text.replace(/ · checked .*$/, '').replace(/ · \d+ ms/, '')}`;
  }).join(' · ');
}
