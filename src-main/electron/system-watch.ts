/**
 * Tells the core when what it knows about the network may be stale: after resume and unlock,
 * and when the OS says the network came back.
 */
import { net, powerMonitor } from 'electron';

export function watchSystem(onStale: () => void, pollMs = 10_000): () => void {
  const stale = () => onStale();
  powerMonitor.on('resume', stale);
  powerMonitor.on('unlock-screen', stale);
  let online = net.isOnline();
  const poll = setInterval(() => {
    const now = net.isOnline();
    if (now && !online) onStale();
    online = now;
  }, pollMs);
  poll.unref();
  return () => {
    powerMonitor.off('resume', stale);
    powerMonitor.off('unlock-screen', stale);
    clearInterval(poll);
  };
}
