/**
 * When the lookup asks why a debtor is opened, as IT's policy says (lookup.accessRecord.askPurpose):
 * never, once per run of the app, or for each debtor (German practice: a legitimate interest per
 * query). It must not slow the analyst: the purpose given is remembered until the app quits and
 * offered first the next time, and a debtor opened within JUST_OPENED_MS is not asked about again.
 * A purpose is one of IT's list where IT gives one, free text otherwise. Pure but for its memory.
 */
import type { PurposeAsk } from '../../shared/ipc/contract.ts';
import { JUST_OPENED_MS } from './access-record.ts';

export interface PurposePolicy {
  askPurpose: 'never' | 'once' | 'each-debtor';
  purposes: readonly string[];
}

/** Free text longer than this is not a purpose. */
export const PURPOSE_MAX = 200;

export function createPurposeMemory(policy: () => PurposePolicy, now: () => number) {
  /** The last purpose given in this run: offered first, and for 'once' the one used. */
  let last: string | null = null;
  /** When each debtor was last given a purpose (this run). */
  const grantedAt = new Map<string, number>();

  /** The last purpose, where the policy still allows it (IT's list may have changed since). */
  const usable = () => (last !== null && allowed(policy(), last) ? last : null);

  /** What the question offers; null where the policy asks none. */
  const offer = (): PurposeAsk | null => {
    const { askPurpose, purposes } = policy();
    return askPurpose === 'never'
      ? null
      : { kind: purposes.length > 0 ? 'list' : 'text', purposes: [...purposes], last: usable() };
  };

  return {
    offer,
    /** What to ask before this debtor is shown; null: nothing to ask. */
    ask(debtorKey: string): PurposeAsk | null {
      const { askPurpose } = policy();
      if (askPurpose === 'never' || (askPurpose === 'once' && usable() !== null)) return null;
      const granted = grantedAt.get(debtorKey);
      if (askPurpose === 'each-debtor' && granted !== undefined && now() - granted < JUST_OPENED_MS && usable() !== null)
        return null;
      return offer();
    },
    /** The analyst said why; false when it is not a purpose the policy takes. */
    give(debtorKey: string, purpose: string): boolean {
      const said = purpose.trim();
      if (!allowed(policy(), said)) return false;
      last = said;
      grantedAt.set(debtorKey, now());
      return true;
    },
    /** The purpose an opened debtor is recorded with: the last one given ('' where none is asked). */
    current: (): string => (policy().askPurpose === 'never' ? '' : (usable() ?? '')),
  };
}

function allowed(policy: PurposePolicy, purpose: string): boolean {
  if (purpose === '' || purpose.length > PURPOSE_MAX) return false;
  return policy.purposes.length === 0 || policy.purposes.includes(purpose);
}

export type PurposeMemory = ReturnType<typeof createPurposeMemory>;
