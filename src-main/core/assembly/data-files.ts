/**
 * Where the core keeps its files between runs: a data file's path (a folder standing in its way
 * moved aside, said once), durable or atomic files, and a damaged file's bytes kept beside it.
 * In memory when there is no data folder (tests, tools).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Translate } from '../../shared/i18n/translator.ts';
import { durableFile } from '../util/durable-file.ts';
import { memoryFile, moveFolderAside, PRIVATE_FILE, textFile, type TextFile } from '../util/text-file.ts';
import type { TimeSource } from '../util/time-source.ts';

export function createDataFiles(dataDir: string | undefined, time: TimeSource, t: Translate) {
  /** Problems found while starting (a folder set aside, a damaged outbox), as sentences. */
  const problems: string[] = [];
  /** A data file's path, with a folder standing in its way moved aside (said once). */
  const dataPath = (name: string) => {
    const path = join(dataDir!, name);
    const aside = moveFolderAside(path, time.now());
    if (aside) problems.push(t('problem.folderSetAside', { path, aside }));
    return path;
  };
  return {
    dataDir,
    problems,
    dataPath,
    /** A record that must survive a power cut (fsync'd), or memory without a data folder. */
    durable: (name: string): TextFile => (dataDir ? durableFile(dataPath(name)) : memoryFile()),
    /** A cache, not a record: atomic is enough, no fsync. */
    atomic: (name: string): TextFile => (dataDir ? textFile(dataPath(name)) : memoryFile()),
    /** Keeps a damaged file's exact bytes beside it, for recovery by hand: where (null: no data folder). */
    setAside: (name: string, bytes: Buffer): string | null => {
      if (!dataDir) return null;
      const path = join(dataDir, name);
      writeFileSync(path, bytes, { mode: PRIVATE_FILE, flag: 'wx' });
      return path;
    },
  };
}

export type DataFiles = ReturnType<typeof createDataFiles>;
