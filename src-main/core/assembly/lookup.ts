/**
 * The debtor lookup: its service (in a worker thread where the shell starts one), the lists kept
 * on disk encrypted with a key the vault keeps, what the analyst remembers, the desktop notice of
 * changed pinned debtors, and the sweep of what belongs to no environment any more.
 */
import type { Environment } from '../../shared/domain/environments.ts';
import { resolveForWorker, type NetworkRoute } from '../api/network.ts';
import { sweepWithdrawnData } from '../environments/withdrawn-data.ts';
import { inProcessBackend, lookupEngineFor, workerBackend } from '../lookup/lookup-backend.ts';
import { cacheBinding, newCacheKey, removeLookupCache, scoresPathOf, type LookupCacheConfig } from '../lookup/lookup-cache.ts';
import { createLookupService } from '../lookup/lookup-service.ts';
import type { Told } from '../lookup/lookup-memory.ts';
import { watchNotice } from '../lookup/watch-words.ts';
import { createRememberedStore } from '../lookup/remembered-store.ts';
import { createAccessRecord, type AccessEntry } from '../lookup/access-record.ts';
import { createLookupAccess } from '../lookup/lookup-access.ts';
import { appendFileAt, memoryAppendFile } from '../util/append-file.ts';
import type { ProxySignIn } from '../security/proxy-sign-in.ts';
import type { SecretVault } from '../security/vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { createEmitter } from '../util/emitter.ts';
import { environmentFileName } from '../util/file-name.ts';
import { fitNotification } from '../util/shorten.ts';
import type { AppCoreOptions } from './app-core-options.ts';
import type { DataFiles } from './data-files.ts';
import type { CoreBasics } from './core-basics.ts';

/** The vault's key for the lookup cache's key (no environment id looks like it). */
const LOOKUP_CACHE_VAULT_ID = '@lookup-cache';
const LOOKUP_CACHE_BINDING = 'lookup-cache';
/** Who opened which debtor, when and why: one JSON line each (access-record.ts). */
export const ACCESS_RECORD_FILE = 'access-record.jsonl';

interface LookupNeeds {
  options: Pick<AppCoreOptions, 'encryptor' | 'startLookupWorker' | 'network'>;
  vault: SecretVault;
  secretFor: (environmentId: string) => string | null;
  route: NetworkRoute | null;
  proxySignIn: ProxySignIn;
}

export function createLookupAssembly(basics: CoreBasics, needs: LookupNeeds) {
  const { files, settings, environments, language, time, events } = basics;
  const { options, vault } = needs;
  const caches = lookupCaches(files, settings, vault, () => environments.list().map(({ environment }) => environment.id));
  /**
   * What belongs to no environment now (one IT withdrew), and with keepOnDisk off every list, leaves
   * the disk and the vault: at start, and when keepOnDisk is turned off. Not at every change of IT's
   * policy, which a failed read could empty for a moment.
   */
  function sweepWithdrawn(): void {
    sweepWithdrawnData({
      dataDir: files.dataDir,
      knownIds: environments.list().map(({ environment }) => environment.id),
      keepLists: settings.preferences().lookup.keepOnDisk,
      vault,
      vaultIds: settings.vaultIds,
    });
  }
  sweepWithdrawn();

  /** Told on the desktop: pinned debtors whose rules fired (the shell opens the lookup on a click). */
  const notices = createEmitter<{ notice: { title: string; body: string } }>();
  const onPinnedChanged = (told: Told[]) => {
    if (settings.preferences().lookup.notifyPinnedChanges) notices.emit('notice', fitNotification(watchNotice(told, language.t)));
  };
  const { access, accessWritten } = accessParts(basics);
  const lookup = createLookupService({
    access,
    time,
    activeEnvironment: () => environments.active().environment,
    secretFor: needs.secretFor,
    preferences: () => settings.preferences(),
    onStatus: (status) => events.emit('lookupChanged', status),
    rememberedStore: createRememberedStore(
      files.dataDir ? files.durable : null,
      options.encryptor ?? null,
      () => settings.preferences().lookup.rememberLookedAt,
    ),
    cacheFor: caches.cacheFor,
    removeCache: (environmentId) => files.dataDir && removeLookupCache(caches.pathOf(environmentId)),
    onPinnedChanged,
    network: {
      // Resolved before the worker starts: a URL whose proxy is not known yet never goes direct.
      proxyFor: (url) => resolveForWorker(needs.route, url),
      proxySignIn: needs.proxySignIn.source,
      systemCa: options.network?.systemCa ?? false,
    },
    start: (config, onStatus) =>
      options.startLookupWorker
        ? workerBackend(options.startLookupWorker(config), onStatus, language.t)
        : inProcessBackend(lookupEngineFor(config, onStatus)),
  });

  // Turned off (by the user or IT): the lists kept on disk go at once, and the lookup starts again
  // without a cache (a worker started with one would write it again after its next sync).
  let keptOnDisk = settings.preferences().lookup.keepOnDisk;
  settings.onChange(() => {
    const keep = settings.preferences().lookup.keepOnDisk;
    if (keep === keptOnDisk) return;
    keptOnDisk = keep;
    if (keep || !files.dataDir) return;
    void lookup.clear().finally(sweepWithdrawn);
  });

  return {
    lookup,
    onLookupNotice: (listener: (notice: { title: string; body: string }) => void) => notices.on('notice', listener),
    /** The access record: each entry once on disk (for IT's collector), and what is kept. */
    accessRecord: {
      record: access.record,
      onWritten: (listener: (entry: AccessEntry) => void) => accessWritten.on('entry', listener),
      /** The last entry IT's collector took (access-shipper.ts). */
      sentCursor: files.durable('access-record-sent.json'),
      namesOf: lookup.namesOf,
    },
  };
}

/** The access record (who opened which debtor), its purpose asked, and each entry told once on disk. */
function accessParts({ files, settings, environments, language, time }: CoreBasics) {
  const accessWritten = createEmitter<{ entry: AccessEntry }>();
  const access = createLookupAccess({
    record: createAccessRecord({
      file: files.dataDir ? appendFileAt(files.dataPath(ACCESS_RECORD_FILE)) : memoryAppendFile(),
      keepMonths: () => settings.preferences().lookup.accessRecord.keepMonths,
      now: () => time.now(),
      onWritten: (entry) => accessWritten.emit('entry', entry),
    }),
    preferences: () => settings.preferences(),
    activeEnvironment: () => environments.active().environment,
    now: () => time.now(),
    t: () => language.t,
  });
  return { access, accessWritten };
}

/** Where each environment's lists are kept on disk, encrypted with a key the vault keeps (only where the OS encrypts it). */
/** `environmentIds`: every environment known, whose lists a lost key makes unreadable. */
function lookupCaches(files: DataFiles, settings: SettingsService, vault: SecretVault, environmentIds: () => string[]) {
  /** The lookup's file; a folder in the way of it or of the score keeper's file beside it is moved aside (said once). */
  const pathOf = (environmentId: string) => {
    const name = environmentFileName('lookup-cache', environmentId, 'bin');
    files.dataPath(scoresPathOf(name));
    return files.dataPath(name);
  };
  /** Where an environment's lists are kept on disk, with the vault's key; null without a data folder, strong encryption or the setting. */
  function lookupCacheFor(environment: Environment): LookupCacheConfig | null {
    if (!files.dataDir || !settings.preferences().lookup.keepOnDisk) return null;
    let key = vault.get(LOOKUP_CACHE_VAULT_ID, LOOKUP_CACHE_BINDING);
    if (key === null) {
      // Its key was encrypted by another computer (a pooled desktop's last host): every
      // environment's lists are loaded afresh without a word, as on a first start — nothing was damaged.
      if (vault.storedElsewhere(LOOKUP_CACHE_VAULT_ID)) for (const id of environmentIds()) removeLookupCache(pathOf(id));
      key = newCacheKey();
      // Kept only where the operating system encrypts it: a key in the clear would make the file's encryption a formality.
      if (vault.set(LOOKUP_CACHE_VAULT_ID, key, LOOKUP_CACHE_BINDING).storage !== 'encrypted') {
        vault.clear(LOOKUP_CACHE_VAULT_ID);
        return null;
      }
    }
    return { path: pathOf(environment.id), key, binding: cacheBinding(environment) };
  }
  return { pathOf, cacheFor: lookupCacheFor };
}

export type LookupAssembly = ReturnType<typeof createLookupAssembly>;
