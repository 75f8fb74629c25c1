/**
 * The core's logger: formats a message and its details (errors with their stack, objects as
 * JSON) and redacts every known secret and credential-looking field before any sink sees it.
 * The shell supplies the sink (a rotating log file).
 */
import { redact } from '../security/redact.ts';

export type LogLevel = 'info' | 'warn' | 'error';
export type LogSink = (level: LogLevel, line: string) => void;

export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export function createLogger(sink: LogSink, knownSecrets: () => Iterable<string>): Logger {
  const write =
    (level: LogLevel) =>
    (message: string, ...details: unknown[]) =>
      sink(level, redact([message, ...details.map(formatDetail)].join(' '), knownSecrets()));
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

function formatDetail(detail: unknown): string {
  // Logs stay in English: an error worded in the user's language (ApiError) carries its English too.
  const english = (detail as { englishMessage?: unknown } | null)?.englishMessage;
  if (detail instanceof Error && typeof english === 'string') return `${detail.name}: ${english}`;
  if (detail instanceof Error) return detail.stack ?? `${detail.name}: ${detail.message}`;
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}
