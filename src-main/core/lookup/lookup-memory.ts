/**
 * The lookup's memory as the app uses it: remembered.ts's pure state for the active environment,
 * loaded from and saved to its store, fed by the lookup's syncs and by what the analyst opens and
 * pins. Debtors' current figures come from the lookup's engine (`snapshots`), wherever it runs.
 */
import type { DebtorMemory, RememberedDebtor, RememberedNotice, RememberedView } from '../../shared/ipc/contract.ts';
import type { RememberedStore } from './remembered-store.ts';
import type { WatchRules } from '../../shared/ipc/contract.ts';
import { reasonIdentity, type ScoreReason } from '../../shared/domain/score-reasons.ts';
import {
  changesSinceSeen,
  ownEntry,
  pinned as withPin,
  rulesFor,
  synced,
  viewed as withView,
  withReasons,
  withRules,
  type HistoryPoint,
  type Remembered,
  type WatchNotice,
} from './remembered.ts';
import type { FiredRule } from './watch-rules.ts';
import { sameFigures, type DebtorSnapshot } from './debtor-figures.ts';

/** A pinned debtor's notice as told: whose, what fired, the figures before and now, and what newly moves its score. */
export interface Told {
  debtorKey: string;
  name: string;
  fired: FiredRule[];
  before: HistoryPoint;
  now: DebtorSnapshot;
  /** Reasons of the calculated score not there before (all of them where none were known before). */
  newReasons: ScoreReason[];
}

/** Notices told at most per sync with their reasons read (each a request for the debtor's score records). */
const REASONS_READ_MAX = 10;

export interface LookupMemoryOptions {
  store: RememberedStore;
  environmentId: () => string;
  snapshots: (keys: readonly string[]) => Promise<Array<[string, DebtorSnapshot]>>;
  now: () => number;
  /** What moves a debtor's calculated score now (its score record's reasons), for the notice. */
  reasonsOf?: (key: string) => Promise<ScoreReason[]>;
  /** Pinned debtors a sync changed so that one of their rules fired (for a notification, if wanted). */
  onPinnedChanged?: (told: Told[]) => void;
}

/** A remembered debtor as a list shows it: its latest name, and whether it changed since last looked at. */
function entry(state: Remembered, key: string): RememberedDebtor {
  const latest = ownEntry(state.history, key)?.at(-1);
  const seen = ownEntry(state.seen, key);
  const changed = !!latest && !!seen && !sameFigures(latest, seen);
  return { debtorKey: key, name: latest?.name ?? seen?.name ?? key, changed };
}
const viewOf = ({ state, notice }: { state: Remembered; notice: RememberedNotice | null }): RememberedView => ({
  recent: state.recent.map((key) => entry(state, key)),
  pinned: state.pinned.map((key) => entry(state, key)),
  notice,
});

/** The notices with names and what newly moves each score; the reasons read are kept with the newest point. */
async function tell(
  start: Remembered,
  notices: WatchNotice[],
  snapshots: ReadonlyMap<string, DebtorSnapshot>,
  reasonsOf: LookupMemoryOptions['reasonsOf'],
): Promise<{ state: Remembered; told: Told[] }> {
  let state = start;
  const told: Told[] = [];
  for (const [at, notice] of notices.entries()) {
    const reasons = at < REASONS_READ_MAX && reasonsOf ? await reasonsOf(notice.debtorKey).catch(() => null) : null;
    const known = new Set(notice.before.reasons ?? []);
    const newReasons = (reasons ?? []).filter((reason) => !known.has(reasonIdentity(reason)));
    if (reasons) state = withReasons(state, notice.debtorKey, reasons.map(reasonIdentity));
    told.push({ ...notice, name: entry(state, notice.debtorKey).name, now: snapshots.get(notice.debtorKey)!, newReasons });
  }
  return { state, told };
}

export function createLookupMemory(options: LookupMemoryOptions) {
  let loaded: { environmentId: string; state: Remembered; notice: RememberedNotice | null } | null = null;

  async function current() {
    const environmentId = options.environmentId();
    if (loaded?.environmentId !== environmentId) loaded = { environmentId, ...(await options.store.load(environmentId)) };
    return loaded;
  }
  function keep(memory: NonNullable<typeof loaded>, state: Remembered) {
    memory.state = state;
    options.store.save(memory.environmentId, state);
  }
  const snapshotOf = async (key: string) => (await options.snapshots([key]))[0]?.[1] ?? null;

  return {
    view: async () => viewOf(await current()),
    async viewed(key: string): Promise<RememberedView> {
      const memory = await current();
      const snapshot = await snapshotOf(key);
      if (snapshot) keep(memory, withView(memory.state, key, snapshot, options.now()));
      return viewOf(memory);
    },
    async pin(key: string, on: boolean): Promise<RememberedView> {
      const memory = await current();
      keep(memory, withPin(memory.state, key, on, await snapshotOf(key), options.now()));
      return viewOf(memory);
    },
    /** What a debtor's details show of the memory (nothing is changed by looking: see `viewed`). */
    async of(key: string): Promise<DebtorMemory> {
      const { state } = await current();
      const snapshot = await snapshotOf(key);
      const seen = ownEntry(state.seen, key);
      return {
        pinned: state.pinned.includes(key),
        rules: rulesFor(state, key),
        ownRules: ownEntry(state.rules.debtors, key) !== undefined,
        seenAt: seen ? new Date(seen.at).toISOString() : null,
        changes: snapshot ? changesSinceSeen(state, key, snapshot) : [],
        history: (ownEntry(state.history, key) ?? []).map((point) => ({
          at: new Date(point.at).toISOString(),
          score: point.score,
          bureauScore: point.bureauScore,
        })),
      };
    },
    /** The rules for this debtor alone, or for all pinned debtors (this one's own then go). */
    async setRules(key: string, rules: WatchRules, scope: 'debtor' | 'all'): Promise<{ rules: WatchRules; ownRules: boolean }> {
      const memory = await current();
      const state =
        scope === 'debtor' ? withRules(memory.state, key, rules) : withRules(withRules(memory.state, null, rules), key, null);
      keep(memory, state);
      return { rules: rulesFor(state, key), ownRules: ownEntry(state.rules.debtors, key) !== undefined };
    },
    /** After a sync: a history point for each remembered debtor that changed, and the notices of pinned ones whose rules fired. */
    async synced(): Promise<void> {
      const memory = await current();
      const keys = [...new Set([...memory.state.recent, ...memory.state.pinned])];
      if (keys.length === 0) return;
      const snapshots = new Map(await options.snapshots(keys));
      const result = synced(memory.state, snapshots, options.now());
      keep(memory, result.state);
      if (result.notices.length === 0) return;
      const told = await tell(result.state, result.notices, snapshots, options.reasonsOf);
      keep(memory, told.state);
      options.onPinnedChanged?.(told.told);
    },
    /** The environment was deleted: what was remembered of it goes too. */
    forget(environmentId: string): void {
      if (loaded?.environmentId === environmentId) loaded = null;
      options.store.remove(environmentId);
    },
  };
}

export type LookupMemory = ReturnType<typeof createLookupMemory>;
