/**
 * Entries of the lookup's access record as an OTLP/HTTP (JSON) logs request, written by
 * OpenTelemetry's own serializer: one log record per entry, its time the opening's, its attributes
 * the entry's (`timeclock.access.id` lets a collector drop a second sending of the same entry). The
 * debtor's name only where IT allows it; the employee id always, since it is what the record is.
 */
import { SeverityNumber, type Attributes } from '@opentelemetry/api';
import { JsonLogsSerializer } from '@opentelemetry/otlp-transformer';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import type { AccessEntry } from '../lookup/access-record.ts';

const SCOPE = { name: 'timeclock-tray.access-record' } as const;

const hrTimeOf = (ms: number): [number, number] => [Math.floor(ms / 1000), (ms % 1000) * 1_000_000];

function attributesOf(entry: AccessEntry, name: string | null): Attributes {
  return {
    'timeclock.access.id': entry.id,
    'timeclock.debtor.key': entry.debtorKey,
    ...(name === null ? {} : { 'timeclock.debtor.name': name }),
    'timeclock.employee': entry.employeeId,
    'timeclock.environment': entry.environmentName,
    'timeclock.access.purpose': entry.purpose,
    'timeclock.access.via': entry.via,
  };
}

/** The request's body; `nameOf` gives a debtor's name where IT allows it (null otherwise). */
export function accessLogsBody(
  entries: readonly AccessEntry[],
  resource: Resource,
  nameOf: (entry: AccessEntry) => string | null,
): Uint8Array | undefined {
  const records: ReadableLogRecord[] = entries.map((entry) => ({
    hrTime: hrTimeOf(entry.at),
    hrTimeObserved: hrTimeOf(entry.at),
    severityNumber: SeverityNumber.INFO,
    severityText: 'INFO',
    eventName: 'timeclock.debtor.opened',
    body: 'debtor opened',
    resource,
    instrumentationScope: SCOPE,
    attributes: attributesOf(entry, nameOf(entry)),
    droppedAttributesCount: 0,
  }));
  return JsonLogsSerializer.serializeRequest(records);
}
