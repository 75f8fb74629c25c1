/**
 * What the analyst opens, as the lookup service hands it out: a debtor's details or a comparison
 * only once the purpose is said (where IT asks) and the opening is written (lookup-access.ts), and
 * the access record with the names of the debtors it holds, for its export.
 */
import type { ComparedDebtor, DebtorDetail, DetailAnswer } from '../../shared/ipc/contract.ts';
import type { LookupBackend } from './lookup-backend.ts';
import type { LookupAccess } from './lookup-access.ts';

export interface OpeningNeeds {
  /** Nothing is asked or recorded without it. */
  access?: LookupAccess;
  activeEnvironmentId: () => string;
  backend: () => Promise<LookupBackend>;
  /** A debtor's details with what is remembered of it, as read. */
  detailOf: (debtorKey: string) => Promise<DebtorDetail | null>;
}

export function openingMethods({ access, activeEnvironmentId, backend, detailOf }: OpeningNeeds) {
  /** The names of these debtors of the active environment, where the lookup knows them. */
  async function namesOf(keys: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(keys)];
    const snapshots = unique.length === 0 ? [] : await (await backend()).snapshots(unique);
    return new Map(snapshots.map(([key, snapshot]) => [key, snapshot.name]));
  }
  return {
    namesOf,
    /** A debtor's details for the analyst: once its purpose is said (where asked) and its opening recorded. */
    async open(debtorKey: string): Promise<DetailAnswer> {
      const asked = access?.ask(debtorKey);
      if (asked) return { purposeAsked: asked };
      const detail = await detailOf(debtorKey);
      if (!detail) return null;
      await access?.opened([debtorKey], 'detail');
      const purpose = access?.shown();
      return purpose ? { ...detail, purpose } : detail;
    },
    /** Why the analyst opens this debtor; false when the policy does not take it. */
    purpose: (debtorKey: string, purpose: string): boolean => access?.give(debtorKey, purpose) ?? true,
    /** Two to four debtors side by side, each opening recorded before they are shown. */
    async compare(debtorKeys: readonly string[]): Promise<ComparedDebtor[]> {
      const compared = await (await backend()).compared(debtorKeys);
      await access?.opened(
        compared.map((debtor) => debtor.debtorKey),
        'compare',
      );
      return compared;
    },
    /** The access record kept (of one debtor), with the names of the active environment's debtors it holds. */
    async accessRecord(debtorKey?: string) {
      const found = (await access?.record.entries(debtorKey)) ?? { entries: [], unreadable: 0 };
      const active = found.entries.filter((entry) => entry.environmentId === activeEnvironmentId());
      return { ...found, names: await namesOf(active.map((entry) => entry.debtorKey)) };
    },
  };
}
