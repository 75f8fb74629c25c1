/**
 * Client secrets, kept in the main process only. Stored only encrypted by the OS (Electron's
 * safeStorage, behind the Encryptor interface); where the OS offers no real protection the secret
 * lives in memory for the session and the user is told why, unless they opted into weak storage.
 * Renderers only ever see a SecretStatus.
 */
export type EncryptionLevel = 'strong' | 'weak' | 'unavailable';

/** The OS's encryption, asynchronous as Electron's current safeStorage API is. */
export interface Encryptor {
  /** weak: Linux with no keyring (safeStorage's basic_text backend). Known from the start. */
  level(): EncryptionLevel;
  encrypt(plain: string): Promise<string>;
  decrypt(data: string): Promise<string>;
}

/** builtin: the Mock environment's public demo secret. */
import type { SecretNote, SecretStatus, SecretStorage } from '../../shared/domain/environments.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

/**
 * A secret as it is stored: ciphertext and how strongly. `sealed`: the ciphertext holds the secret
 * and what it was given for (secret-binding.ts) together, so the binding cannot be stripped or
 * changed beside it. Older versions wrote the secret alone with its binding in plain text
 * (`binding`), or no binding at all: such entries are sealed at the first start of this version,
 * and an unbound one is adopted only at that start, never again.
 */
export interface StoredSecret {
  data: string;
  weak: boolean;
  binding?: string;
  sealed?: boolean;
  /**
   * The computer that encrypted it. The OS's keys do not roam (Windows' DPAPI on a pooled desktop,
   * a new profile): another computer cannot decrypt it, which is not damage and is said so.
   */
  computer?: string;
}

export interface VaultPersistence {
  vaultEntry(id: string): StoredSecret | undefined;
  setVaultEntry(id: string, entry: StoredSecret | null): void;
  allowWeakStorage(): boolean;
  /** Who allowed weak storage, for the note: the user in Settings, or IT (a locked admin setting). */
  weakStorageAllowedBy?: () => 'user' | 'admin';
  /** Every environment id with a stored entry. */
  vaultIds?: () => string[];
  /** Whether secrets an older version stored without a binding may still be adopted (only until the first start of this version ends). */
  adoptionOpen?: () => boolean;
  /** That first start ended: no unbound secret is ever adopted again. */
  closeAdoption?: () => void;
}

/** What a sealed entry's ciphertext holds; `sealed: 1` says so inside it (entries sealed before the mark have the same shape). */
interface Sealed {
  sealed?: 1;
  secret: string;
  binding: string;
}

/**
 * The secret and binding of a sealed entry's plain text, or null for an older version's bare
 * secret. Read from the ciphertext itself, never from the mark beside it: deleting `sealed` from
 * the settings file must not make a sealed value pass for an unbound legacy secret.
 */
function sealedOf(plain: string): Sealed | null {
  if (!plain.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(plain) as Partial<Sealed> | null;
    return typeof parsed?.secret === 'string' && typeof parsed.binding === 'string'
      ? { secret: parsed.secret, binding: parsed.binding }
      : null;
  } catch {
    return null;
  }
}

/**
 * Every secret is kept with its binding (what it was given for: secret-binding.ts) and handed out
 * only for the same binding; for another it reads as not set, with a note that asks for it again.
 */
export interface SecretVault {
  /** The secret itself: for the API clients in the main process, never for a renderer. */
  get(environmentId: string, binding: string): string | null;
  status(environmentId: string, binding: string): SecretStatus;
  /** Refuses a malformed secret (SecretRejectedError, in the words of `t`; English if not given). */
  set(environmentId: string, secret: string, binding: string, t?: Translate): SecretStatus;
  /** Whether the stored secret was encrypted by another computer, which is why this one cannot read it. */
  storedElsewhere(environmentId: string): boolean;
  /** What the kept secret was given for (its binding), or undefined when none is kept or it is unreadable. */
  bindingOf(environmentId: string): string | undefined;
  /**
   * A secret stored by an older version, bound to nothing yet, is bound to the environment as it
   * is now — only at the first start of this version (see `closeAdoption`).
   */
  adopt(environmentId: string, binding: string): void;
  /** The first start's adoptions are done: unbound secrets found later are not adopted, ever. */
  closeAdoption(): void;
  clear(environmentId: string): void;
  /** Every secret known this session, so logs and messages can be redacted. */
  knownSecrets(): string[];
  /** Decrypts the stored secrets once, at start (the OS's encryption is asynchronous); before it they read as unreadable. */
  unlock(): Promise<void>;
  /** Resolves once every secret set so far is on disk (at quit, and in tests). */
  flush(): Promise<void>;
  /**
   * Weak storage was allowed or forbidden: once forbidden, every weakly stored secret leaves the
   * disk (it stays in memory until quit, so nothing stops working mid-session).
   */
  weakStorageChanged(): void;
}

/** What is wrong with a typed secret, worded by `t` (the user's words where a window asked). */
export class SecretRejectedError extends Error {
  override name = 'UserFacingError';
  constructor(problem: SecretProblem, t: Translate = english.t) {
    super(t(`invalid.secret.${problem}`, { max: SECRET_MAX }));
  }
}

/** Why a secret is kept the way it is: the Settings window words these (secret.note in the catalogues). */
export const vaultNotes = {
  weak: 'weak',
  weakByAdmin: 'weakByAdmin',
  sessionNoKeyring: 'sessionNoKeyring',
  sessionNoEncryption: 'sessionNoEncryption',
  unreadable: 'unreadable',
  otherComputer: 'otherComputer',
  moved: 'moved',
} as const satisfies Record<string, SecretNote>;

const SECRET_MAX = 1024;
export type SecretProblem = 'empty' | 'tooLong' | 'control';

function secretProblem(secret: string): SecretProblem | null {
  if (secret.trim() === '') return 'empty';
  if (secret.length > SECRET_MAX) return 'tooLong';
  const isControl = (character: string) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127;
  if ([...secret].some(isControl)) return 'control';
  return null;
}

/** What the Settings window says beside a secret kept this way (null: nothing to say). */
function storageNote(storage: SecretStorage, encryptor: Encryptor, persistence: VaultPersistence): SecretNote | null {
  if (storage === 'weak') return persistence.weakStorageAllowedBy?.() === 'admin' ? vaultNotes.weakByAdmin : vaultNotes.weak;
  if (storage === 'session')
    return encryptor.level() === 'unavailable' ? vaultNotes.sessionNoEncryption : vaultNotes.sessionNoKeyring;
  if (storage === 'unreadable') return vaultNotes.unreadable;
  return null;
}

/** Where a secret given now is kept: encrypted, weakly where IT or the user allowed it, else for the session only. */
function storageFor(level: ReturnType<Encryptor['level']>, allowWeak: () => boolean): SecretStorage {
  if (level === 'strong') return 'encrypted';
  return level === 'weak' && allowWeak() ? 'weak' : 'session';
}

/**
 * `computer`: this computer's name (os.hostname()), written beside each secret it encrypts.
 * Over 80 lines on purpose: the secrets in memory, those another computer encrypted and the one
 * start at which unbound secrets are adopted, shared by small named steps (the longest, take, 15 lines).
 */
export function createSecretVault(encryptor: Encryptor, persistence: VaultPersistence, computer?: string): SecretVault {
  const inMemory = new Map<string, { secret: string; storage: SecretStorage; binding?: string }>();
  /** Stored secrets another computer encrypted, which this one could not decrypt. */
  const fromElsewhere = new Set<string>();
  /**
   * Whether this is the start at which unbound secrets may be adopted: the settings file's mark,
   * and — since that file can be edited — never once any stored entry is sealed (unlock below).
   */
  let adoptingThisStart = persistence.adoptionOpen?.() ?? true;
  /** Adoptions asked for before the secret was decrypted (the core starts before unlock ends in tests). */
  const pendingAdoptions = new Map<string, string>();

  let writes: Promise<unknown> = Promise.resolve();
  const load = (id: string) => inMemory.get(id) ?? null;

  /** An entry's plain text, or null when there is none or it cannot be decrypted here (said by its status). */
  async function decryptStored(id: string): Promise<{ id: string; entry: StoredSecret; plain: string } | null> {
    const entry = persistence.vaultEntry(id);
    if (!entry || inMemory.has(id) || encryptor.level() === 'unavailable') return null;
    try {
      return { id, entry, plain: await encryptor.decrypt(entry.data) };
    } catch {
      // Stays unreadable: the status says so and asks for the secret again — as written on another
      // computer when it was (a pooled desktop's new host), not as damage.
      if (entry.computer !== undefined && computer !== undefined && entry.computer !== computer) fromElsewhere.add(id);
      return null;
    }
  }

  /** An entry read back: sealed ones with their binding; older ones as they were (sealed once loaded, below). */
  function take({ id, entry, plain }: { id: string; entry: StoredSecret; plain: string }): void {
    const storage: SecretStorage = entry.weak ? 'weak' : 'encrypted';
    const sealed = sealedOf(plain);
    if (sealed) {
      inMemory.set(id, { secret: sealed.secret, storage, binding: sealed.binding });
      return;
    }
    if (entry.sealed) return; // marked sealed but holding a bare secret: not ours to guess a binding for
    // An older version's: its plain binding is sealed now; without one it is adopted at this version's first start only.
    if (entry.binding === undefined && !adoptingThisStart) return;
    const binding = entry.binding ?? pendingAdoptions.get(id);
    inMemory.set(id, { secret: plain, storage, binding });
    if (binding !== undefined) seal(id, plain, binding, entry.weak);
  }

  /** Writes the secret sealed with its binding, if it is still this entry's secret when encrypted. */
  function seal(id: string, secret: string, binding: string, weak: boolean): void {
    writes = writes.then(async () => {
      const data = await encryptor.encrypt(JSON.stringify({ sealed: 1, secret, binding } satisfies Sealed)).catch(() => null);
      const current = inMemory.get(id);
      // Weak storage withdrawn while this was encrypted: the secret stays in memory only, never lands on disk after all.
      const stillAllowed = !weak || current?.storage === 'weak';
      if (data !== null && current?.secret === secret && current.binding === binding && stillAllowed)
        persistence.setVaultEntry(id, { data, weak, sealed: true, ...(computer ? { computer } : {}) });
    });
  }

  const noteFor = (storage: SecretStorage) => storageNote(storage, encryptor, persistence);
  const unreadableNote = (id: string) => (fromElsewhere.has(id) ? vaultNotes.otherComputer : vaultNotes.unreadable);

  /** Given for something else (other addresses, sign-in or CA, or another environment with this id). */
  const movedFrom = (id: string, binding: string) => {
    const given = load(id)?.binding;
    return given !== undefined && given !== binding;
  };

  return {
    get: (id, binding) => {
      const loaded = load(id);
      return loaded && loaded.binding === binding ? loaded.secret : null;
    },
    bindingOf: (id) => load(id)?.binding,
    storedElsewhere: (id) => fromElsewhere.has(id),
    status(id, binding) {
      if (movedFrom(id, binding)) return { set: false, storage: 'none', note: vaultNotes.moved };
      const loaded = load(id);
      if (loaded) return { set: true, storage: loaded.storage, note: noteFor(loaded.storage) };
      if (persistence.vaultEntry(id)) return { set: false, storage: 'unreadable', note: unreadableNote(id) };
      return { set: false, storage: 'none', note: null };
    },
    adopt(id, binding) {
      if (!adoptingThisStart || pendingAdoptions.has(id)) return;
      pendingAdoptions.set(id, binding);
      const loaded = load(id);
      if (!loaded || loaded.binding !== undefined) return;
      loaded.binding = binding;
      if (loaded.storage === 'encrypted' || loaded.storage === 'weak')
        seal(id, loaded.secret, binding, loaded.storage === 'weak');
    },
    closeAdoption: () => persistence.closeAdoption?.(),
    set(id, secret, binding, t) {
      const problem = secretProblem(secret);
      if (problem) throw new SecretRejectedError(problem, t);
      const storage = storageFor(encryptor.level(), () => persistence.allowWeakStorage());
      inMemory.set(id, { secret, storage, binding });
      fromElsewhere.delete(id);
      if (storage === 'session') persistence.setVaultEntry(id, null);
      else seal(id, secret, binding, storage === 'weak');
      return { set: true, storage, note: noteFor(storage) };
    },
    clear(id) {
      inMemory.delete(id);
      fromElsewhere.delete(id);
      persistence.setVaultEntry(id, null);
    },
    knownSecrets: () => [...inMemory.values()].map((entry) => entry.secret),
    async unlock() {
      const opened = (await Promise.all((persistence.vaultIds?.() ?? []).map(decryptStored))).filter((one) => one !== null);
      // A sealed entry means this version has started before: no unbound secret is adopted any more.
      if (opened.some(({ plain }) => sealedOf(plain) !== null)) adoptingThisStart = false;
      opened.forEach(take);
    },
    flush: () => writes.then(() => undefined),
    weakStorageChanged() {
      if (persistence.allowWeakStorage()) return;
      for (const id of persistence.vaultIds?.() ?? []) {
        if (!persistence.vaultEntry(id)?.weak) continue;
        const loaded = load(id);
        persistence.setVaultEntry(id, null);
        if (loaded) inMemory.set(id, { ...loaded, storage: 'session' });
      }
      // Also those whose weak write has not landed yet: kept for this session, never written.
      for (const [id, loaded] of inMemory) if (loaded.storage === 'weak') inMemory.set(id, { ...loaded, storage: 'session' });
    },
  };
}
