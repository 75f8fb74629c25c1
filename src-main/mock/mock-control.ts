/**
 * Everything about the mock that can be changed while it runs: faults, timeclock state and the
 * debtors data. Used by the HTTP control API, by tests, and by the tray's "Mock server" menu.
 */
import { changeDebtors, type DebtorChanges } from './data/change-debtors.ts';
import { DELTA_LISTS, generateDebtorsDataset, type DebtorsDataset } from './data/generate-debtors.ts';
import { createModifiedOrder, type Dated } from './data/modified-order.ts';
import { createRandom } from './data/random.ts';
import {
  healthyFaults,
  type FaultState,
  type ServiceName,
  type ServicePatch,
  type SystemName,
  type SystemPatch,
} from './faults.ts';
import { createTimeclockState, type TimeclockState } from './timeclock-state.ts';

export interface MockDataOptions {
  debtors: number;
  seed: number;
  now: () => number;
}

export interface MockControl {
  readonly faults: FaultState;
  readonly dataset: DebtorsDataset;
  readonly timeclock: TimeclockState;
  /** Goes up whenever the debtors data changes. */
  readonly dataVersion: number;
  /** Debtors added by changeDebtors since the start or the last reset. */
  readonly addedDebtors: number;
  readonly now: () => number;
  /** Seeded randomness for injected errors. */
  readonly random: () => number;
  setSystem(system: SystemName, patch: SystemPatch): FaultState['systems'][SystemName];
  setService(service: ServiceName, patch: ServicePatch): FaultState['services'][ServiceName];
  changeDebtors(changes: DebtorChanges): string[];
  /** The records of one of the dataset's lists changed since `since` (an ISO instant), from an index. */
  changedSince<T extends Dated>(list: readonly T[], since: string): T[];
  /** Tells the index that these records of `list` were just stamped: needed for any change made by hand. */
  touched(list: readonly Dated[], records: readonly Dated[]): void;
  /** Back to the state at start: healthy, the seeded data and time events, dated from the mock's clock now. */
  reset(): void;
  describe(): { faults: FaultState; counts: Record<string, number> };
}

export function createMockControl(options: MockDataOptions): MockControl {
  const random = createRandom(options.seed ^ 0x5eed);
  // The seeded history is relative to the mock's clock when it is made or reset, never the wall's.
  const fresh = (referenceTime = options.now()) => ({
    faults: healthyFaults(),
    // Made when first asked for (the lookup's first load), not while the tray starts at login.
    dataset: madeOnce(() => generateDebtorsDataset({ debtors: options.debtors, seed: options.seed, referenceTime })),
    timeclock: createTimeclockState(referenceTime),
  });
  let state = fresh();
  const order = createModifiedOrder();
  let dataVersion = 0;
  let addedDebtors = 0;

  return {
    get faults() {
      return state.faults;
    },
    get dataset() {
      return state.dataset();
    },
    get timeclock() {
      return state.timeclock;
    },
    get dataVersion() {
      return dataVersion;
    },
    get addedDebtors() {
      return addedDebtors;
    },
    now: options.now,
    random: random.next,
    setSystem(system, patch) {
      return Object.assign(state.faults.systems[system], withoutUndefined(patch));
    },
    setService(service, patch) {
      return Object.assign(state.faults.services[service], withoutUndefined(patch));
    },
    changeDebtors: (changes) => {
      dataVersion++;
      addedDebtors += changes.add ?? 0;
      // The first change makes every list's index, so the deltas after it find them made.
      for (const name of DELTA_LISTS) order.prepare(state.dataset()[name]);
      return changeDebtors(state.dataset(), changes, random, options.now(), order);
    },
    changedSince: (list, since) => order.since(list, since),
    touched(list, records) {
      dataVersion++;
      order.touched(list, records);
    },
    reset() {
      state = fresh();
      dataVersion++;
      addedDebtors = 0;
    },
    describe: () => ({
      faults: state.faults,
      counts: Object.fromEntries(Object.entries(state.dataset()).map(([name, list]) => [name, list.length])),
    }),
  };
}

/** A value made at its first use, then kept. */
function madeOnce<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
