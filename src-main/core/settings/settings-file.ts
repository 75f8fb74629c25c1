/**
 * Before electron-store opens the settings file: repair what is invalid so the store's schema
 * accepts it, keeping a backup of the original whenever anything had to change. Also derives a
 * JSON Schema of the stored file from the valibot schema, without defaults so the stored file stays
 * sparse: the tests' stores check every write against it (the app's store does not compile it at
 * start, settings-store.ts).
 */
import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import { hasByteOrderMark, withoutByteOrderMark } from '../util/json-text.ts';
import { moveFolderAside, PRIVATE_FILE } from '../util/text-file.ts';
import { readSettingsDocument, type SettingsDocument } from './settings-document.ts';
import { settingsDocumentSchema } from '../../shared/settings-schema.ts';
import { english } from '../../shared/i18n/catalogues.ts';

/** The document as stored: preference sections at the top level, beside the rest. */
export function toStoredLayout(document: SettingsDocument): Record<string, unknown> {
  const { preferences, activeEnvironmentId, ...rest } = document;
  // An absent choice stays absent: the store's schema allows a string there, not null.
  return { ...rest, ...(activeEnvironmentId === null ? {} : { activeEnvironmentId }), ...preferences };
}

export interface PreparedSettingsFile {
  problems: string[];
  backupPath: string | null;
}

export function prepareSettingsFile(path: string, now: () => Date = () => new Date()): PreparedSettingsFile {
  const aside = moveFolderAside(path, now().getTime());
  if (aside) return { problems: [english.t('problem.folderSetAside', { path, aside })], backupPath: null };
  if (!existsSync(path)) return { problems: [], backupPath: null };
  const problems: string[] = [];
  const text = readFileSync(path, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(withoutByteOrderMark(text));
  } catch (error) {
    problems.push(`${path} is not valid JSON (${(error as Error).message}); starting from defaults.`);
    raw = {};
  }
  const read = readSettingsDocument(raw);
  problems.push(...read.problems);
  if (problems.length === 0) {
    // A byte-order mark (a Windows editor's) is no problem to report, but the store's own reader refuses it.
    if (hasByteOrderMark(text)) writeFileSync(path, withoutByteOrderMark(text), { mode: PRIVATE_FILE });
    return { problems, backupPath: null };
  }
  const backupPath = `${path}.backup-${now().toISOString().replace(/[:.]/g, '-')}`;
  copyFileSync(path, backupPath);
  chmodSync(backupPath, PRIVATE_FILE);
  pruneBackups(path);
  const repaired = { ...read.unknownFields, ...toStoredLayout(read.document) };
  writeFileSync(path, JSON.stringify(repaired, null, '\t'), { mode: PRIVATE_FILE });
  chmodSync(path, PRIVATE_FILE); // an older file keeps its mode through a rewrite
  return { problems, backupPath };
}

/** Backups kept beside the settings file; older ones are removed (they may hold old secrets' ciphertext). */
export const KEPT_BACKUPS = 5;

/** The backups beside the settings file, oldest first (ISO timestamps sort in time order). */
function backupsOf(path: string): string[] {
  const prefix = `${basename(path)}.backup-`;
  return readdirSync(dirname(path))
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => join(dirname(path), name));
}

function pruneBackups(path: string): void {
  const backups = backupsOf(path);
  for (const old of backups.slice(0, Math.max(0, backups.length - KEPT_BACKUPS))) rmSync(old, { force: true });
}

/**
 * A secret's ciphertext left the settings (cleared, replaced, or weak storage withdrawn): it leaves
 * every backup too, read or not as JSON (a backup is of a file that could not be read), so a copy
 * kept for repair never outlives the secret. Best effort: an unreadable backup is left alone.
 */
export function scrubFromBackups(path: string, ciphertext: string): void {
  if (ciphertext === '') return;
  let backups: string[];
  try {
    backups = backupsOf(path);
  } catch {
    return;
  }
  for (const backup of backups) {
    try {
      const text = readFileSync(backup, 'utf8');
      if (text.includes(ciphertext)) writeFileSync(backup, text.split(ciphertext).join(''), { mode: PRIVATE_FILE });
    } catch {
      /* a backup we cannot rewrite stays as it was; pruning removes it in time */
    }
  }
}

type JsonSchema = Record<string, unknown>;

function withoutDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDefaults);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'default')
      .map(([key, value]) => [key, withoutDefaults(value)]),
  );
}

/** electron-store / conf `schema` option: one JSON Schema per top-level key. */
export function settingsStoreSchema(): Record<string, JsonSchema> {
  // Checks written as code (the shortcut syntax) have no JSON Schema form; the core applies them.
  const root = withoutDefaults(toJsonSchema(settingsDocumentSchema, { errorMode: 'ignore' })) as {
    properties: Record<string, JsonSchema>;
  };
  return root.properties;
}
