/**
 * The lookup's side of the access record: before a debtor's details or comparison are shown, the
 * purpose asked where IT's policy wants one (access-purpose.ts) and the opening written down as the
 * signed-in employee's (access-record.ts). A debtor whose opening cannot be written is not shown.
 */
import type { Environment } from '../../shared/domain/environments.ts';
import type { PurposeAsk } from '../../shared/ipc/contract.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { signedInAs } from '../util/signed-in-as.ts';
import { createPurposeMemory } from './access-purpose.ts';
import type { AccessFacts, AccessRecord } from './access-record.ts';

/** A refusal said to the analyst in their words (the window shows its message). */
const refusal = (message: string) => Object.assign(new Error(message), { name: 'UserFacingError' });

export interface LookupAccessOptions {
  record: AccessRecord;
  preferences: () => Preferences;
  activeEnvironment: () => Environment;
  now: () => number;
  t: () => Translate;
}

export function createLookupAccess(options: LookupAccessOptions) {
  const purposes = createPurposeMemory(() => options.preferences().lookup.accessRecord, options.now);
  const factsOf = (debtorKey: string, via: AccessFacts['via']): AccessFacts => {
    const { id, name, employeeId } = options.activeEnvironment();
    const by = signedInAs(employeeId, options.preferences().clock.displayName);
    return { debtorKey, environmentId: id, environmentName: name, employeeId, by, purpose: purposes.current(), via };
  };
  return {
    /** What must be said before this debtor is shown; null: nothing. */
    ask: (debtorKey: string): PurposeAsk | null => purposes.ask(debtorKey),
    give: (debtorKey: string, purpose: string): boolean => purposes.give(debtorKey, purpose),
    /** The purpose in use and the question that changes it; undefined where the policy asks none. */
    shown(): { given: string; ask: PurposeAsk } | undefined {
      const ask = purposes.offer();
      return ask ? { given: purposes.current(), ask } : undefined;
    },
    /**
     * Written down before they are shown; refused (in the analyst's words) when they cannot be, or
     * when a comparison holds a debtor whose purpose is still to be said (only the details ask it).
     */
    async opened(debtorKeys: readonly string[], via: AccessFacts['via']): Promise<void> {
      if (via === 'compare' && debtorKeys.some((key) => purposes.ask(key) !== null))
        throw refusal(options.t()('lookup.access.purposeFirst'));
      try {
        for (const key of debtorKeys) await options.record.write(factsOf(key, via));
      } catch (error) {
        throw refusal(options.t()('lookup.access.notRecorded', { reason: (error as Error)?.message ?? String(error) }));
      }
    },
    record: options.record,
  };
}

export type LookupAccess = ReturnType<typeof createLookupAccess>;
