/** Health states as the core decides them and the windows and tray show them. */
export type SystemState = 'unknown' | 'up' | 'degraded' | 'suspect' | 'down' | 'auth-error' | 'rate-limited' | 'offline';

/** The tray icon's badge: one of four shapes, so state does not rest on colour alone. */
export type HealthBadge = 'up' | 'suspect' | 'down' | 'unknown';
