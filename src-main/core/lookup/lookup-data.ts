/**
 * The debtors service's data as the lookup keeps it in memory: each resource as a map from record
 * key to record, merged by "newest modifiedAt wins". Kept on disk only by lookup-cache.ts, encrypted.
 */
import type { CallOptions, DebtorsClient } from '../api/debtors-client.ts';
import type { LookupProblem, ResourceName } from '../../shared/domain/lookup.ts';
export type LookupRecord = Record<string, unknown> & { modifiedAt?: string | null };

export interface Resource {
  name: ResourceName;
  /** A record's identity within the resource. */
  keyOf: (record: LookupRecord) => string;
  /** No startingDateTime filter: always loaded whole. */
  fullOnly?: boolean;
  /** The field the lookup shows of each record: a list mostly without it is said, never shown as blanks. */
  needs?: 'name' | 'score' | 'bureauScore';
  fetch: (client: DebtorsClient, since: Date | undefined, call: CallOptions) => Promise<LookupRecord[]>;
}

const field = (record: LookupRecord, name: string) => String(record[name] ?? '');

/** A field as a number: anything else is null (never a number guessed from text). */
export const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** A field as text: blank and absent are both null. */
export const textOf = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
/** A key of one field is that field (most lists: no array and no joined text per record); of several, their values joined. */
const composite = (...names: string[]): Resource['keyOf'] => {
  const [only] = names;
  if (names.length === 1 && only !== undefined) return (record) => field(record, only);
  return (record) => names.map((name) => field(record, name)).join('\u0001');
};

export const resources: readonly Resource[] = [
  {
    name: 'debtors',
    keyOf: composite('debtorKey'),
    needs: 'name',
    fetch: (client, since, call) => client.debtors({ ...call, startingDateTime: since }),
  },
  {
    name: 'creditScores',
    keyOf: composite('debtorKey'),
    needs: 'score',
    fetch: (client, since, call) => client.creditScores({ ...call, startingDateTime: since }),
  },
  {
    name: 'bureauScores',
    keyOf: composite('debtorKey'),
    needs: 'bureauScore',
    fetch: (client, since, call) => client.creditBureauScores({ ...call, startingDateTime: since }),
  },
  {
    name: 'nicknames',
    keyOf: composite('debtorKey', 'nickname'),
    fullOnly: true,
    fetch: (client, _since, call) => client.nicknames(call),
  },
  {
    name: 'clientBanks',
    keyOf: composite('clientKey', 'bankName', 'routingNumber', 'accountLast4'),
    fetch: (client, since, call) => client.clientBanks({ ...call, startingDateTime: since }),
  },
  {
    name: 'clientGroups',
    keyOf: composite('clientKey', 'userName', 'role'),
    fetch: (client, since, call) => client.clientGroups({ ...call, startingDateTime: since }),
  },
  {
    name: 'clientDeltas',
    keyOf: (record) =>
      record.changeKey ? field(record, 'changeKey') : composite('clientKey', 'debtorKey', 'field', 'modifiedAt')(record),
    fetch: (client, since, call) => client.clientDelta({ ...call, startingDateTime: since }),
  },
];

/**
 * When most records of a list lack the field the lookup shows (a server that names it otherwise),
 * the problem that says so, with the fields the records do have; null when the list is fine. Half
 * is the line: a few debtors without a score are data, most of them are a field map.
 */
export function missingFieldProblem(resource: Resource, records: Iterable<LookupRecord>): LookupProblem | null {
  const field = resource.needs;
  if (!field) return null;
  let total = 0;
  let missing = 0;
  let first: LookupRecord | undefined;
  for (const record of records) {
    first ??= record;
    total++;
    if (record[field] === undefined || record[field] === null || record[field] === '') missing++;
  }
  if (missing * 2 <= total) return null;
  const seen = Object.keys(first ?? {})
    .slice(0, 16)
    .join(', ');
  return { resource: resource.name, kind: 'missing-field', field, missing, total, seen };
}

/** The lists a second worker keeps in the app (score-keeper.ts): a quarter of a full load's bytes, parsed on the other core. */
export const SCORE_LISTS: readonly ResourceName[] = ['creditScores', 'bureauScores'];

export type LookupData = Record<ResourceName, Map<string, LookupRecord>>;

export const emptyData = (): LookupData =>
  Object.fromEntries(resources.map((resource) => [resource.name, new Map<string, LookupRecord>()])) as LookupData;

/** Merges records into a resource; returns how many were new or changed. Newest modifiedAt wins. */
export function mergeRecords(
  target: Map<string, LookupRecord>,
  records: readonly LookupRecord[],
  keyOf: Resource['keyOf'],
): number {
  let changed = 0;
  for (const record of records) {
    const key = keyOf(record);
    const existing = target.get(key);
    if (existing && existing.modifiedAt && record.modifiedAt && existing.modifiedAt > record.modifiedAt) continue;
    target.set(key, record);
    changed++;
  }
  return changed;
}

/** The newest modifiedAt in a resource: where the next delta starts (server time, not ours). */
export function newestModifiedAt(records: Iterable<LookupRecord>): string | null {
  let newest: string | null = null;
  for (const record of records)
    if (record.modifiedAt && (newest === null || record.modifiedAt > newest)) newest = record.modifiedAt;
  return newest;
}
