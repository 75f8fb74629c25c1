/**
 * The log file: electron-log writes to the app's log folder and keeps one older file when the
 * current one passes 5 MB. Every line goes through the core's redacting logger first.
 */
import { dirname } from 'node:path';
import log from 'electron-log/main';
import { createLogger, type Logger } from '../core/logging/logger.ts';
import { makePrivate, PRIVATE_FILE } from '../core/util/text-file.ts';

export function openAppLog(knownSecrets: () => Iterable<string>): { logger: Logger; folder: () => string } {
  log.transports.file.maxSize = 5 * 1024 * 1024;
  log.transports.file.level = 'info';
  // Readable by the user only, like every other file the app keeps.
  log.transports.file.writeOptions = { ...log.transports.file.writeOptions, mode: PRIVATE_FILE };
  log.transports.console.level = 'warn';
  // A console that went away (the terminal it was started from closed) is not an error of ours:
  // stop writing to it, rather than fail on every line.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => void (log.transports.console.level = false));
  // The mode above applies to files it creates; a log file already there (an older version's, 0644)
  // and the one kept beside it are made private too.
  const path = log.transports.file.getFile().path;
  for (const file of [path, path.replace(/\.log$/, '.old.log')]) makePrivate(file);
  const logger = createLogger((level, line) => log[level](line), knownSecrets);
  return { logger, folder: () => dirname(log.transports.file.getFile().path) };
}
