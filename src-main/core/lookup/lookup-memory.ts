/**
 * The lookup's memory as the app uses it: remembered.ts's pure state for the active environment,
 * loaded from and saved to its store, fed by the lookup's syncs and by what the analyst opens and
 * pins. Debtors' current figures come from the lookup's engine (`snapshots`), wherever it runs.
 */
import type { DebtorMemory, RememberedDebtor, RememberedNotice, RememberedView } from '../../shared/ipc/contract.ts';
import type { RememberedStore } from './remembered-store.ts';
import {
  changesSinceSeen,
  ownEntry,
  pinned as withPin,
  sameFigures,
  synced,
  viewed as withView,
  type DebtorSnapshot,
  type Remembered,
} from './remembered.ts';

export interface LookupMemoryOptions {
  store: RememberedStore;
  environmentId: () => string;
  snapshots: (keys: readonly string[]) => Promise<Array<[string, DebtorSnapshot]>>;
  now: () => number;
  /** Pinned debtors whose scores or status changed in a sync (for a notification, if wanted). */
  onPinnedChanged?: (debtors: Array<{ debtorKey: string; name: string }>) => void;
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

  /** A remembered debtor as a list shows it: its latest name, and whether it changed since last looked at. */
  function entry(state: Remembered, key: string): RememberedDebtor {
    const latest = ownEntry(state.history, key)?.at(-1);
    const seen = ownEntry(state.seen, key);
    const changed = !!latest && !!seen && !sameFigures(latest, seen);
    return { debtorKey: key, name: latest?.name ?? seen?.name ?? key, changed };
  }
  const view = ({ state, notice }: NonNullable<typeof loaded>): RememberedView => ({
    recent: state.recent.map((key) => entry(state, key)),
    pinned: state.pinned.map((key) => entry(state, key)),
    notice,
  });

  return {
    view: async () => view(await current()),
    async viewed(key: string): Promise<RememberedView> {
      const memory = await current();
      const snapshot = await snapshotOf(key);
      if (snapshot) keep(memory, withView(memory.state, key, snapshot, options.now()));
      return view(memory);
    },
    async pin(key: string, on: boolean): Promise<RememberedView> {
      const memory = await current();
      keep(memory, withPin(memory.state, key, on, await snapshotOf(key), options.now()));
      return view(memory);
    },
    /** What a debtor's details show of the memory (nothing is changed by looking: see `viewed`). */
    async of(key: string): Promise<DebtorMemory> {
      const { state } = await current();
      const snapshot = await snapshotOf(key);
      const seen = ownEntry(state.seen, key);
      return {
        pinned: state.pinned.includes(key),
        seenAt: seen ? new Date(seen.at).toISOString() : null,
        changes: snapshot ? changesSinceSeen(state, key, snapshot) : [],
        history: (ownEntry(state.history, key) ?? []).map((point) => ({
          at: new Date(point.at).toISOString(),
          score: point.score,
          bureauScore: point.bureauScore,
        })),
      };
    },
    /** After a sync: a history point for each remembered debtor that changed. */
    async synced(): Promise<void> {
      const memory = await current();
      const keys = [...new Set([...memory.state.recent, ...memory.state.pinned])];
      if (keys.length === 0) return;
      const result = synced(memory.state, new Map(await options.snapshots(keys)), options.now());
      keep(memory, result.state);
      if (result.changedPins.length > 0)
        options.onPinnedChanged?.(result.changedPins.map((key) => ({ debtorKey: key, name: entry(result.state, key).name })));
    },
    /** The environment was deleted: what was remembered of it goes too. */
    forget(environmentId: string): void {
      if (loaded?.environmentId === environmentId) loaded = null;
      options.store.remove(environmentId);
    },
  };
}

export type LookupMemory = ReturnType<typeof createLookupMemory>;
