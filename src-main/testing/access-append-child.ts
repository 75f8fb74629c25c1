/**
 * A child process for the access record's crash test: writes openings through the real record
 * (access-record.ts on append-file.ts) as fast as it can, into the file the parent names, until
 * the parent kills it. Says "started" once the first is on disk.
 */
import { appendFileAt } from '../core/util/append-file.ts';
import { createAccessRecord } from '../core/lookup/access-record.ts';

const path = process.argv[2]!;
let now = Date.parse('2026-11-23T09:00:00Z');
const record = createAccessRecord({ file: appendFileAt(path), keepMonths: () => 12, now: () => (now += 1000) });
for (let n = 0; ; n++) {
  await record.write({
    debtorKey: `D${n}`,
    environmentId: 'prod',
    environmentName: 'Production',
    employeeId: 'E1001',
    by: 'E1001 · Ana Díaz',
    purpose: 'Credit check for a new invoice '.repeat(6).trim(),
    via: 'detail',
  });
  if (n === 0) process.stdout.write('started\n');
}
