/**
 * Tells the core what the operating system knows: after resume and unlock what we knew about the
 * network is stale; when the network comes back, likewise; when the computer goes to sleep, locks,
 * shuts down or logs off, with the last input before it; and how long it slept or was locked.
 */
import { net, powerMonitor, type BrowserWindow } from 'electron';
import type { StopHow } from '../core/clock/computer-stops.ts';
import { createListeningWindow } from './secure-window.ts';

export interface SystemWatchHandlers {
  /** Resume, unlock, or the network came back. */
  onStale(): void;
  /** The computer is going to sleep, locking, shutting down or logging off; its last input was at `lastInputAt` (ms). */
  onStopping(how: StopHow, lastInputAt: number): void;
  /** The machine woke, or its screen was unlocked; it went to sleep or was locked at `since` (ms). */
  onResumed(since: number, how: 'slept' | 'locked', lastInputAt: number): void;
}

interface Absence {
  since: number;
  lastInputAt: number;
}

/**
 * Shutdown and logoff: macOS and Linux tell powerMonitor; Windows tells only windows, and only
 * its session-end events fire there on shutdown (electron/electron #12810).
 */
function watchSessionEnd(stopping: (how: StopHow) => void, platform: NodeJS.Platform): () => void {
  const shutdown = () => stopping('shutdown');
  powerMonitor.on('shutdown', shutdown);
  let listening: BrowserWindow | null = null;
  if (platform === 'win32') {
    listening = createListeningWindow();
    const ending = ({ reasons }: { reasons: string[] }) => stopping(reasons.includes('logoff') ? 'logoff' : 'shutdown');
    listening.on('query-session-end', ending);
    listening.on('session-end', ending);
  }
  return () => {
    powerMonitor.off('shutdown', shutdown);
    if (listening && !listening.isDestroyed()) listening.destroy();
  };
}

export function watchSystem(
  handlers: SystemWatchHandlers,
  pollMs = 10_000,
  now: () => number = Date.now,
  platform: NodeJS.Platform = process.platform,
): () => void {
  const stopping = (how: StopHow): Absence => {
    const absence = { since: now(), lastInputAt: now() - powerMonitor.getSystemIdleTime() * 1000 };
    handlers.onStopping(how, absence.lastInputAt);
    return absence;
  };
  let asleep: Absence | null = null;
  const suspend = () => void (asleep = stopping('slept'));
  const resume = () => {
    handlers.onStale();
    if (asleep !== null) handlers.onResumed(asleep.since, 'slept', asleep.lastInputAt);
    asleep = null;
  };
  let locked: Absence | null = null;
  const lock = () => void (locked ??= stopping('locked'));
  const unlock = () => {
    handlers.onStale();
    if (locked !== null) handlers.onResumed(locked.since, 'locked', locked.lastInputAt);
    locked = null;
  };
  powerMonitor.on('suspend', suspend);
  powerMonitor.on('resume', resume);
  powerMonitor.on('lock-screen', lock);
  powerMonitor.on('unlock-screen', unlock);
  const stopSessionWatch = watchSessionEnd((how) => void stopping(how), platform);
  let online = net.isOnline();
  const poll = setInterval(() => {
    const current = net.isOnline();
    if (current && !online) handlers.onStale();
    online = current;
  }, pollMs);
  poll.unref();
  return () => {
    powerMonitor.off('suspend', suspend);
    powerMonitor.off('resume', resume);
    powerMonitor.off('lock-screen', lock);
    powerMonitor.off('unlock-screen', unlock);
    stopSessionWatch();
    clearInterval(poll);
  };
}
