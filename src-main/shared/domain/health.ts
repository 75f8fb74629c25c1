/** Health states as the core decides them and the windows and tray show them. */
import type { HealthSystem } from '../api/types.ts';

/** The two systems the timeclock service reports on, in the order they are shown everywhere. */
export const HEALTH_SYSTEMS: readonly HealthSystem[] = ['source', 'target'];

/** What the systems are called on screen. */

export type SystemState = 'unknown' | 'up' | 'degraded' | 'suspect' | 'down' | 'auth-error' | 'rate-limited' | 'offline';

/** The tray icon's badge: one of four shapes, so state does not rest on colour alone. */
export type HealthBadge = 'up' | 'suspect' | 'down' | 'unknown';

/** Answering as it should (up, or degraded by its own word or slow answers): what an employee most needs to know. */
export const isUp = (state: SystemState): boolean => state === 'up' || state === 'degraded';
