/**
 * What the employee can do with a punch that stopped (refused, set-up, outcome unknown, given up):
 * discard it, send it again, or say it did reach the service.
 */
import type { ClockReading } from './clock-reading.ts';
import type { ClockWords } from './clock-words.ts';
import type { Outbox, Punch } from './outbox.ts';
import { PunchActionError } from './clock-actions.ts';

interface StoppedPunchOptions {
  outbox: Outbox;
  reading: ClockReading;
  changed: () => void;
  refresh: () => Promise<void>;
  sync: () => Promise<unknown>;
  words: ClockWords;
}

export function stoppedPunchActions({ outbox, reading, changed, refresh, sync, words }: StoppedPunchOptions) {
  const { t } = words;
  function stoppedPunch(punchId: string): Punch {
    const target = outbox.all().find((candidate) => candidate.id === punchId);
    if (!target) throw new PunchActionError(t('refusal.gone'));
    if (!target.stopped) throw new PunchActionError(t('refusal.stillSending'));
    return target;
  }

  return {
    discard(punchId: string) {
      stoppedPunch(punchId);
      outbox.remove(punchId);
      reading.changedLocally();
      changed();
    },
    /** Send a stopped punch again, and the clock-outs that wait for it. */
    async retry(punchId: string) {
      const target = stoppedPunch(punchId);
      for (const entry of outbox.all().filter((other) => other.id === target.id || other.afterPunchId === target.id))
        outbox.update(entry.id, { stopped: null, unreadable: 0, nextAttemptAt: null });
      reading.changedLocally();
      await sync();
    },
    /** The user found the punch on the server: it leaves the outbox, and the state is read again. */
    async markSent(punchId: string) {
      const target = stoppedPunch(punchId);
      if (target.stopped?.kind !== 'unconfirmed') throw new PunchActionError(t('refusal.onlyUnconfirmed'));
      outbox.settle(target.id, null);
      reading.changedLocally();
      reading.state.server = { kind: 'unknown' };
      await refresh();
      await sync();
    },
  };
}
