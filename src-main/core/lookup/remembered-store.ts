/**
 * Where what the lookup remembers (remembered.ts) is kept between runs: one file per environment,
 * encrypted by the operating system (the same Encryptor as the secrets: it holds debtor data), a
 * `v1` JSON inside. Without strong encryption it is kept for the session only, and a file that
 * cannot be read (damaged, another user's key) starts afresh — each said by its `notice`. Which
 * debtors the analyst looked at, and when, are written only while IT lets them be
 * (`lookup.rememberLookedAt`); the pinned ones and their history always are.
 */
import { environmentFileName } from '../util/file-name.ts';
import type { RememberedNotice } from '../../shared/ipc/contract.ts';
import type { TextFile } from '../util/text-file.ts';
import type { Encryptor } from '../security/vault.ts';
import * as v from 'valibot';
import { emptyRemembered, HISTORY_MAX, PINNED_MAX, RECENT_MAX, type Remembered } from './remembered.ts';
import { watchRulesSchema } from './watch-rules.ts';

export interface RememberedStore {
  load(environmentId: string): Promise<{ state: Remembered; notice: RememberedNotice | null }>;
  save(environmentId: string, state: Remembered): void;
  /** The environment was deleted: its file goes with it. */
  remove(environmentId: string): void;
  /** Resolves once every save so far is on disk. */
  flush(): Promise<void>;
}

export const rememberedFileName = (environmentId: string) => environmentFileName('lookup-remembered', environmentId, 'enc');

/** Only what a v1 file may hold, bounded as the pure functions keep it; anything else is refused. */
function parsed(text: string): Remembered | null {
  const value = JSON.parse(text) as { v?: number } & Partial<Remembered>;
  if (value.v !== 1 || !Array.isArray(value.recent) || !Array.isArray(value.pinned)) return null;
  const keys = (list: unknown[], max: number) => list.filter((key): key is string => typeof key === 'string').slice(0, max);
  const history = Object.fromEntries(
    Object.entries(value.history ?? {}).map(([key, points]) => [key, Array.isArray(points) ? points.slice(-HISTORY_MAX) : []]),
  );
  return {
    recent: keys(value.recent, RECENT_MAX),
    pinned: keys(value.pinned, PINNED_MAX),
    history,
    seen: value.seen ?? {},
    rules: rulesOf(value.rules),
  };
}

/** The watch rules kept; those that cannot be used are the defaults again (a file written before rules, or damaged). */
function rulesOf(value: unknown): Remembered['rules'] {
  const kept = v.safeParse(v.object({ all: watchRulesSchema, debtors: v.record(v.string(), watchRulesSchema) }), value);
  return kept.success ? kept.output : emptyRemembered().rules;
}

/** The pinned debtors and their history alone: nothing of what was only looked at. */
function pinnedOnly(state: Remembered): Remembered {
  const history = Object.fromEntries(Object.entries(state.history).filter(([key]) => state.pinned.includes(key)));
  return { ...state, recent: [], seen: {}, history };
}

export function createRememberedStore(
  file: ((name: string) => TextFile) | null,
  encryptor: Encryptor | null,
  keepLookedAt: () => boolean = () => true,
): RememberedStore {
  const session = new Map<string, Remembered>();
  const persisted = () => file !== null && encryptor !== null && encryptor.level() === 'strong';
  // Said only where a file could have been kept: a run without a data folder (tests, tools) keeps nothing by design.
  const sessionNotice = () => (file !== null && !persisted() ? ('session' as const) : null);
  let writes: Promise<unknown> = Promise.resolve();
  return {
    async load(environmentId) {
      const kept = session.get(environmentId);
      if (kept) return { state: kept, notice: sessionNotice() };
      if (!persisted()) return { state: emptyRemembered(), notice: sessionNotice() };
      const stored = file!(rememberedFileName(environmentId)).read();
      if (stored === null || stored === '') return { state: emptyRemembered(), notice: null }; // none, or removed
      try {
        const state = parsed(await encryptor!.decrypt(stored));
        if (state) return { state, notice: null };
      } catch {
        /* damaged, or encrypted with a key this user cannot read: said below */
      }
      return { state: emptyRemembered(), notice: 'unreadable' };
    },
    save(environmentId, state) {
      session.set(environmentId, state);
      if (!persisted()) return;
      writes = writes.then(async () => {
        const kept = keepLookedAt() ? state : pinnedOnly(state);
        const data = await encryptor!.encrypt(JSON.stringify({ v: 1, ...kept })).catch(() => null);
        // Written only if it is still the newest state (a later save or a removal wins).
        if (data !== null && session.get(environmentId) === state) file!(rememberedFileName(environmentId)).write(data);
      });
    },
    remove(environmentId) {
      session.delete(environmentId);
      // At once (a save still encrypting finds its state gone and writes nothing).
      if (file) file(rememberedFileName(environmentId)).write('');
    },
    flush: () => writes.then(() => undefined),
  };
}
