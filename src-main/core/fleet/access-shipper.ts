/**
 * The lookup's access record sent to IT's collector as OpenTelemetry logs, where fleet telemetry
 * is on: what the record holds beyond the last entry the collector took (kept in a small file, so
 * a restart sends neither less nor twice), then each new entry, in batches at the fleet interval.
 *
 * The OTLP/HTTP specification's rules for answers: 429, 502, 503 and 504 (and no answer) are tried
 * again later, backing off from one interval to 30 minutes; any other refusal is not, and the
 * batch is let go (said in the log; the entries stay in the record on the workstation) — except
 * 401 and 403, which IT's credential fixes: those wait, backing off, for a change of settings.
 */
import { resourceFromAttributes } from '@opentelemetry/resources';
import * as v from 'valibot';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { AccessEntry, AccessRecord } from '../lookup/access-record.ts';
import { parseStoredJson } from '../util/json-text.ts';
import type { TextFile } from '../util/text-file.ts';
import type { TimeSource } from '../util/time-source.ts';
import { accessLogsBody } from './access-log-body.ts';
import { MAX_BACKOFF_MS } from './backoff-exporter.ts';
import { otlpUrl } from './otlp-url.ts';

/** Entries in one request: a day of a busy analyst, well under a collector's usual 4 MB limit. */
export const BATCH_MAX = 500;
/** Entries waiting in memory at most; more wait in the record on disk and go after a restart. */
export const WAITING_MAX = 10_000;
const RETRIED = new Set([429, 502, 503, 504]);

const cursorSchema = v.object({ id: v.string(), at: v.number() });
type Cursor = v.InferOutput<typeof cursorSchema>;

export interface AccessShipperOptions {
  preferences: Preferences['fleet'];
  record: AccessRecord;
  onWritten: (listener: (entry: AccessEntry) => void) => () => void;
  /** The last entry the collector took. */
  cursorFile: TextFile;
  fetch: typeof globalThis.fetch;
  time: TimeSource;
  version: string;
  /** Debtors' names by key (asked only where IT allows names). */
  namesOf?: (keys: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  log: { info(line: string): void; warn(line: string): void };
}

/** The entries after the cursor: by its id, or where it was let go of meanwhile, by its time. */
export function entriesAfter(entries: readonly AccessEntry[], cursor: Cursor | null): AccessEntry[] {
  if (cursor === null) return [...entries];
  const at = entries.findIndex((entry) => entry.id === cursor.id);
  return at >= 0 ? entries.slice(at + 1) : entries.filter((entry) => entry.at > cursor.at);
}

type Outcome = 'sent' | 'retry' | 'refused' | 'credentials';

/** One request to the collector, and what its answer means by the OTLP specification. */
async function post(
  fetch: typeof globalThis.fetch,
  url: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
): Promise<Outcome> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer().catch(() => undefined);
    if (answer.ok) return 'sent';
    if (answer.status === 401 || answer.status === 403) return 'credentials';
    return RETRIED.has(answer.status) ? 'retry' : 'refused';
  } catch {
    return 'retry';
  }
}

export function startAccessShipper(options: AccessShipperOptions) {
  const { preferences, time, log } = options;
  const url = otlpUrl(preferences.endpoint, 'logs')!;
  const intervalMs = preferences.intervalSeconds * 1000;
  const header = preferences.headerName.trim();
  const headers = header === '' ? {} : { [header]: preferences.headerValue };
  const resource = resourceFromAttributes({ 'service.name': 'timeclock-tray', 'service.version': options.version });
  let waiting: AccessEntry[] = [];
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;

  const readCursor = (): Cursor | null => {
    const parsed = v.safeParse(cursorSchema, parseStoredJson(options.cursorFile.read()));
    return parsed.success ? parsed.output : null;
  };
  /** Entries to send, each once (one written while the record was being read comes both ways). */
  const keep = (entries: readonly AccessEntry[]) => {
    const known = new Set(waiting.map((entry) => entry.id));
    waiting = [...waiting, ...entries.filter((entry) => !known.has(entry.id))].sort((a, b) => a.at - b.at).slice(-WAITING_MAX);
  };
  const stopListening = options.onWritten((entry) => keep([entry]));

  /** Sends what waits, a batch at a time; when the collector does not take one, waits longer before the next try. */
  async function sendWaiting(): Promise<void> {
    while (waiting.length > 0 && !stopped) {
      const batch = waiting.slice(0, BATCH_MAX);
      const names =
        preferences.includeDebtorName && options.namesOf ? await options.namesOf(batch.map((entry) => entry.debtorKey)) : null;
      const body = accessLogsBody(batch, resource, (entry) => names?.get(entry.debtorKey) ?? null);
      const outcome = await post(options.fetch, url, headers, body);
      if (outcome === 'retry' || outcome === 'credentials') {
        failures++;
        if (failures === 1)
          log.warn(
            `Access record: the collector at ${url} did not take ${batch.length} entries (${outcome}); tried again later.`,
          );
        return;
      }
      if (outcome === 'refused')
        log.warn(`Access record: the collector at ${url} refused ${batch.length} entries; they stay on the workstation only.`);
      else if (failures > 0) log.info('Access record: the collector takes entries again.');
      failures = 0;
      waiting = waiting.slice(batch.length);
      const last = batch.at(-1)!;
      options.cursorFile.write(JSON.stringify({ id: last.id, at: last.at }));
    }
  }

  const nextWait = () => Math.min(intervalMs * 2 ** Math.min(failures, 20), Math.max(intervalMs, MAX_BACKOFF_MS));
  function schedule(): void {
    if (stopped) return;
    timer = time.setTimeout(
      () => {
        void sendWaiting()
          .catch((error: unknown) => log.warn(`Access record: sending to the collector failed (${String(error)}).`))
          .finally(schedule);
      },
      failures === 0 ? intervalMs : nextWait(),
    );
  }

  const ready = options.record
    .entries()
    .then(({ entries }) => keep(entriesAfter(entries, readCursor())))
    .catch((error: unknown) => log.warn(`Access record: its entries could not be read for the collector (${String(error)}).`))
    .then(schedule);

  return {
    /** Sends what waits now (tests, and before the app quits). */
    async flush(): Promise<void> {
      await ready;
      await sendWaiting();
    },
    stop(): void {
      stopped = true;
      stopListening();
      if (timer !== null) time.clearTimeout(timer);
    },
  };
}

export type AccessShipper = ReturnType<typeof startAccessShipper>;
