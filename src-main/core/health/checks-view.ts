/**
 * The health checks of the last 24 hours as a spreadsheet opens them: each check of each system,
 * when, whether it was answered, its time and where that time went (name lookup, connecting, TLS,
 * waiting for the server, reading; empty where the engine said nothing). Pure.
 */
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import { csvStyleFor, toCsv } from '../util/csv.ts';
import type { HealthHistory } from './health-history.ts';
import type { OutageWords } from './outage-view.ts';

const PHASE_COLUMNS = ['dnsMs', 'connectMs', 'tlsMs', 'waitMs', 'readMs'] as const;
const COLUMNS = ['system', 'at', 'result', 'totalMs', ...PHASE_COLUMNS] as const;

export function checksCsv(history: HealthHistory, words: OutageWords): string {
  const at = (ms: number) => new Intl.DateTimeFormat(words.locale, { dateStyle: 'short', timeStyle: 'medium' }).format(ms);
  const rows = HEALTH_SYSTEMS.flatMap((system) => history.checkRows(system).map((check) => ({ system, ...check })))
    .sort((a, b) => a.at - b.at)
    .map((check) => [
      systemLabel(check.system, words.t, words.names),
      at(check.at),
      words.t(check.latencyMs === null ? 'csv.check.failed' : 'csv.check.answered'),
      check.latencyMs ?? '',
      ...PHASE_COLUMNS.map((phase) => check.phases?.[phase] ?? ''),
    ]);
  return toCsv(
    COLUMNS.map((column) => words.t(`csv.check.${column}`)),
    rows,
    csvStyleFor(words.locale),
  );
}
