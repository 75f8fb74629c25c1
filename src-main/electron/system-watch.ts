/**
 * Tells the core what the operating system knows: after resume and unlock what we knew about the
 * network is stale; when the network comes back, likewise; and how long the machine slept.
 */
import { net, powerMonitor } from 'electron';

export interface SystemWatchHandlers {
  /** Resume, unlock, or the network came back. */
  onStale(): void;
  /** The machine woke, or its screen was unlocked; it went to sleep or was locked at `since` (ms). */
  onResumed(since: number, how: 'slept' | 'locked'): void;
}

export function watchSystem(handlers: SystemWatchHandlers, pollMs = 10_000, now: () => number = Date.now): () => void {
  let suspendedAt: number | null = null;
  const suspend = () => void (suspendedAt = now());
  const resume = () => {
    handlers.onStale();
    if (suspendedAt !== null) handlers.onResumed(suspendedAt, 'slept');
    suspendedAt = null;
  };
  let lockedAt: number | null = null;
  const lock = () => void (lockedAt ??= now());
  const unlock = () => {
    handlers.onStale();
    if (lockedAt !== null) handlers.onResumed(lockedAt, 'locked');
    lockedAt = null;
  };
  powerMonitor.on('suspend', suspend);
  powerMonitor.on('resume', resume);
  powerMonitor.on('lock-screen', lock);
  powerMonitor.on('unlock-screen', unlock);
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
    clearInterval(poll);
  };
}
