import { describe, expect, it } from 'vitest';
import { fakeEncryptor } from '../../testing/fake-encryptor.ts';
import { createSecretVault, vaultNotes, type Encryptor, type StoredSecret, type VaultPersistence } from './vault.ts';

/** What the tests' secrets are given for (secret-binding.ts makes real ones). */
const BOUND = 'bound-to-qa';

function memoryPersistence(allowWeak = false): VaultPersistence & { entries: Map<string, StoredSecret> } {
  const entries = new Map<string, StoredSecret>();
  return {
    entries,
    vaultEntry: (id) => entries.get(id),
    setVaultEntry: (id, entry) => void (entry ? entries.set(id, entry) : entries.delete(id)),
    allowWeakStorage: () => allowWeak,
    vaultIds: () => [...entries.keys()],
  };
}

describe('secret vault', () => {
  it('stores a secret only encrypted, and reads it back in a new session', async () => {
    const persistence = memoryPersistence();
    const vault = createSecretVault(fakeEncryptor('strong'), persistence);
    expect(vault.set('qa', 'qa-secret-1', BOUND)).toEqual({ set: true, storage: 'encrypted', note: null });
    await vault.flush();
    expect(persistence.entries.has('qa')).toBe(true);
    expect(JSON.stringify([...persistence.entries])).not.toContain('qa-secret-1');
    const nextSession = createSecretVault(fakeEncryptor('strong'), persistence);
    expect(nextSession.status('qa', BOUND).storage).toBe('unreadable'); // not yet decrypted
    await nextSession.unlock();
    expect(nextSession.get('qa', BOUND)).toBe('qa-secret-1');
    expect(nextSession.status('qa', BOUND)).toEqual({ set: true, storage: 'encrypted', note: null });
  });

  it('keeps the secret for the session only, and says why, on Linux without a keyring', () => {
    const persistence = memoryPersistence();
    const vault = createSecretVault(fakeEncryptor('weak'), persistence);
    expect(vault.set('qa', 'qa-secret-1', BOUND)).toEqual({ set: true, storage: 'session', note: vaultNotes.sessionNoKeyring });
    expect(vault.get('qa', BOUND)).toBe('qa-secret-1');
    expect(persistence.entries.size).toBe(0);
    expect(createSecretVault(fakeEncryptor('weak'), persistence).status('qa', BOUND)).toEqual({
      set: false,
      storage: 'none',
      note: null,
    });
  });

  it('stores weakly only with the explicit opt-in, and labels it', async () => {
    const persistence = memoryPersistence(true);
    const vault = createSecretVault(fakeEncryptor('weak'), persistence);
    expect(vault.set('qa', 'qa-secret-1', BOUND)).toEqual({ set: true, storage: 'weak', note: vaultNotes.weak });
    await vault.flush();
    expect(persistence.entries.get('qa')?.weak).toBe(true);
    const nextSession = createSecretVault(fakeEncryptor('weak'), persistence);
    await nextSession.unlock();
    expect(nextSession.status('qa', BOUND).storage).toBe('weak');
  });

  it('keeps the secret for the session when the OS has no encryption at all', () => {
    const vault = createSecretVault(fakeEncryptor('unavailable'), memoryPersistence(true));
    expect(vault.set('qa', 'qa-secret-1', BOUND)).toEqual({
      set: true,
      storage: 'session',
      note: vaultNotes.sessionNoEncryption,
    });
    expect(vault.get('qa', BOUND)).toBe('qa-secret-1');
  });

  it('reports a stored secret it cannot decrypt, and keeps it for later', async () => {
    const persistence = memoryPersistence();
    persistence.entries.set('qa', { data: '%%%not base64 of anything%%%', weak: false, binding: BOUND });
    const broken: Encryptor = {
      ...fakeEncryptor('strong'),
      decrypt: () => {
        throw new Error('bad decrypt');
      },
    };
    const vault = createSecretVault(broken, persistence);
    await vault.unlock();
    expect(vault.get('qa', BOUND)).toBeNull();
    expect(vault.status('qa', BOUND)).toEqual({ set: false, storage: 'unreadable', note: vaultNotes.unreadable });
    expect(persistence.entries.has('qa')).toBe(true);
  });

  it('says a secret another computer encrypted is unreadable here for that reason, not damaged, until it is given again', async () => {
    const persistence = memoryPersistence();
    const vdi01 = createSecretVault(fakeEncryptor('strong'), persistence, 'VDI-01');
    vdi01.set('qa', 'qa-secret-1', BOUND);
    await vdi01.flush();
    expect(persistence.entries.get('qa')?.computer).toBe('VDI-01');
    // The next login lands on another host of the pool: the system's keys there cannot decrypt it.
    const otherKeys: Encryptor = {
      ...fakeEncryptor('strong'),
      decrypt: () => Promise.reject(new Error('The parameter is incorrect (DPAPI)')),
    };
    const vdi07 = createSecretVault(otherKeys, persistence, 'VDI-07');
    await vdi07.unlock();
    expect(vdi07.status('qa', BOUND)).toEqual({ set: false, storage: 'unreadable', note: vaultNotes.otherComputer });
    expect(vdi07.storedElsewhere('qa')).toBe(true);
    // On the computer that wrote it, the same failure is damage (a keyring reset), said as such.
    const sameHost = createSecretVault(otherKeys, persistence, 'VDI-01');
    await sameHost.unlock();
    expect(sameHost.status('qa', BOUND).note).toBe(vaultNotes.unreadable);
    vdi07.set('qa', 'qa-secret-1', BOUND);
    expect(vdi07.storedElsewhere('qa')).toBe(false);
    await vdi07.flush();
    expect(persistence.entries.get('qa')?.computer).toBe('VDI-07');
  });

  it('clears a secret everywhere, also one whose encryption was still under way', async () => {
    const persistence = memoryPersistence();
    const vault = createSecretVault(fakeEncryptor('strong'), persistence);
    vault.set('qa', 'qa-secret-1', BOUND);
    vault.clear('qa');
    await vault.flush();
    expect(vault.get('qa', BOUND)).toBeNull();
    expect(persistence.entries.size).toBe(0);
    expect(vault.knownSecrets()).toEqual([]);
  });

  it.each([
    ['   ', 'The client secret is empty.'],
    ['line\nbreak', 'The client secret contains a line break or control character; paste it again without them.'],
    ['x'.repeat(1025), 'The client secret is longer than 1024 characters.'],
  ])('rejects %j with a clear reason', (secret, message) => {
    expect(() => createSecretVault(fakeEncryptor('strong'), memoryPersistence()).set('qa', secret, BOUND)).toThrow(message);
  });

  it('knows this session’s secrets, for redaction', () => {
    const vault = createSecretVault(fakeEncryptor('strong'), memoryPersistence());
    vault.set('qa', 'qa-secret-1', BOUND);
    vault.set('prod', 'prod-secret-2', BOUND);
    expect(vault.knownSecrets().sort()).toEqual(['prod-secret-2', 'qa-secret-1']);
  });
});

describe('weak storage withdrawn', () => {
  it('takes weakly stored secrets off the disk once forbidden, keeping them for this session, and says who allowed it', async () => {
    let allowed = true;
    let by: 'user' | 'admin' = 'admin';
    const entries = new Map<string, StoredSecret>();
    const persistence: VaultPersistence = {
      vaultEntry: (id) => entries.get(id),
      setVaultEntry: (id, entry) => void (entry ? entries.set(id, entry) : entries.delete(id)),
      allowWeakStorage: () => allowed,
      weakStorageAllowedBy: () => by,
      vaultIds: () => [...entries.keys()],
    };
    const vault = createSecretVault(fakeEncryptor('weak'), persistence);
    expect(vault.set('qa', 'qa-secret-1', BOUND).note).toBe(vaultNotes.weakByAdmin);
    await vault.flush();
    expect(entries.size).toBe(1);
    by = 'user';
    expect(vault.status('qa', BOUND).note).toBe(vaultNotes.weak);
    allowed = false;
    vault.weakStorageChanged();
    expect(entries.size).toBe(0);
    expect(vault.get('qa', BOUND)).toBe('qa-secret-1');
    expect(vault.status('qa', BOUND)).toMatchObject({ set: true, storage: 'session' });
  });
});

describe('a secret bound to what it was given for', () => {
  it('is handed out only for the same binding; for another it reads as not set, saying why', async () => {
    const persistence = memoryPersistence();
    const vault = createSecretVault(fakeEncryptor('strong'), persistence);
    vault.set('qa', 'qa-secret-1', BOUND);
    await vault.flush();
    // Sealed: the binding is inside the ciphertext, nowhere beside it.
    expect(persistence.entries.get('qa')).toEqual({ data: expect.any(String), weak: false, sealed: true });
    expect(vault.get('qa', 'bound-elsewhere')).toBeNull();
    expect(vault.status('qa', 'bound-elsewhere')).toEqual({ set: false, storage: 'none', note: vaultNotes.moved });
    const nextSession = createSecretVault(fakeEncryptor('strong'), persistence);
    await nextSession.unlock();
    expect(nextSession.get('qa', 'bound-elsewhere')).toBeNull();
    expect(nextSession.get('qa', BOUND)).toBe('qa-secret-1');
  });

  it("binds an older version's entry once, to the first binding it is adopted for, and never rebinds", async () => {
    const persistence = memoryPersistence();
    persistence.entries.set('qa', { data: await fakeEncryptor().encrypt('qa-secret-1'), weak: false });
    const vault = createSecretVault(fakeEncryptor('strong'), persistence);
    await vault.unlock();
    expect(vault.get('qa', BOUND)).toBeNull(); // bound to nothing: given to nothing
    vault.adopt('qa', BOUND);
    vault.adopt('qa', 'bound-elsewhere');
    expect(vault.get('qa', BOUND)).toBe('qa-secret-1');
    expect(vault.get('qa', 'bound-elsewhere')).toBeNull();
    await vault.flush();
    expect(persistence.entries.get('qa')).toEqual({ data: expect.any(String), weak: false, sealed: true });
  });

  it('seals an older version’s plain binding at unlock, and adopts nothing unbound once adoption closed', async () => {
    const persistence = memoryPersistence();
    let open = true;
    persistence.adoptionOpen = () => open;
    persistence.closeAdoption = () => void (open = false);
    persistence.entries.set('old', { data: await fakeEncryptor().encrypt('old-secret'), weak: false, binding: BOUND });
    persistence.entries.set('stray', { data: await fakeEncryptor().encrypt('stray-secret'), weak: false });
    const vault = createSecretVault(fakeEncryptor('strong'), persistence);
    await vault.unlock();
    vault.closeAdoption(); // the first start adopted nothing for "stray"
    await vault.flush();
    expect(persistence.entries.get('old')).toEqual({ data: expect.any(String), weak: false, sealed: true });
    expect(vault.get('old', BOUND)).toBe('old-secret');
    expect(vault.get('stray', BOUND)).toBeNull(); // the first start had no environment for it
    // A later start: the planted unbound entry stays no one's.
    const later = createSecretVault(fakeEncryptor('strong'), persistence);
    await later.unlock();
    later.adopt('stray', BOUND);
    expect(later.get('stray', BOUND)).toBeNull();
    expect(later.status('stray', BOUND)).toMatchObject({ set: false, storage: 'unreadable' });
    expect(later.get('old', BOUND)).toBe('old-secret');
  });
});

describe('a seal nobody can strip (issue 62, point 6)', () => {
  it('reads a sealed entry as sealed from its ciphertext alone: deleting the mark and the migration flag adopts nothing', async () => {
    const persistence = memoryPersistence();
    let open = true;
    persistence.adoptionOpen = () => open;
    persistence.closeAdoption = () => void (open = false);
    const vault = createSecretVault(fakeEncryptor('strong'), persistence);
    vault.set('qa', 'qa-secret-1', BOUND);
    await vault.flush();
    vault.closeAdoption();
    // Someone edits settings.json: the entry's `sealed` mark and `vaultSealed` deleted, the addresses changed.
    const { sealed: _mark, ...stripped } = persistence.entries.get('qa')!;
    persistence.entries.set('qa', stripped);
    open = true;
    const later = createSecretVault(fakeEncryptor('strong'), persistence);
    await later.unlock();
    later.adopt('qa', 'bound-elsewhere');
    expect(later.get('qa', 'bound-elsewhere')).toBeNull();
    expect(later.status('qa', 'bound-elsewhere')).toEqual({ set: false, storage: 'none', note: vaultNotes.moved });
    expect(later.get('qa', BOUND)).toBe('qa-secret-1');
  });

  it('adopts no planted unbound secret once any entry is sealed, whatever the settings file says of the migration', async () => {
    const persistence = memoryPersistence();
    persistence.adoptionOpen = () => true; // the flag reset by hand
    const first = createSecretVault(fakeEncryptor('strong'), persistence);
    first.set('qa', 'qa-secret-1', BOUND);
    await first.flush();
    persistence.entries.set('planted', { data: await fakeEncryptor().encrypt('planted-secret'), weak: false });
    const later = createSecretVault(fakeEncryptor('strong'), persistence);
    await later.unlock();
    later.adopt('planted', BOUND);
    expect(later.get('planted', BOUND)).toBeNull();
  });
});

describe('weak storage withdrawn while a secret is being written', () => {
  it('keeps the secret for this session and never writes it weakly after the withdrawal', async () => {
    const persistence = memoryPersistence();
    let allowed = true;
    persistence.allowWeakStorage = () => allowed;
    const vault = createSecretVault(fakeEncryptor('weak'), persistence);
    vault.set('qa', 'qa-secret-1', BOUND);
    allowed = false; // turned off before the write's encryption ended
    vault.weakStorageChanged();
    await vault.flush();
    expect(persistence.entries.size).toBe(0);
    expect(vault.get('qa', BOUND)).toBe('qa-secret-1');
    expect(vault.status('qa', BOUND)).toMatchObject({ set: true, storage: 'session' });
  });
});
