/**
 * The calendar run: the unit tests with the whole process's wall clock and time zone moved (Debian's
 * faketime, libfaketime) to the moments where date code breaks. Every test must pass at each one.
 *
 *   npm run test:calendar                 every moment, the whole unit suite (about 25 minutes)
 *   npm run test:calendar -- --quick      every moment, the tests of the day-bound code (CI runs this)
 *   npm run test:calendar -- --only kolkata   the moments whose name contains "kolkata"
 *
 * The clock starts at the moment and runs on (faketime's default): a run that begins at 01:58 on a
 * spring-forward night crosses the change while it runs. The monotonic clock is left alone, so
 * timers and timeouts keep their real lengths.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Moment {
  name: string;
  zone: string;
  /** Local wall time in `zone`, as faketime takes it. */
  at: string;
}

export const moments: readonly Moment[] = [
  { name: 'berlin-spring-forward', zone: 'Europe/Berlin', at: '2027-03-28 03:30:00' },
  { name: 'berlin-fall-back', zone: 'Europe/Berlin', at: '2027-10-31 04:00:00' },
  { name: 'new-york-spring-forward', zone: 'America/New_York', at: '2027-03-14 04:30:00' },
  { name: 'new-york-fall-back', zone: 'America/New_York', at: '2027-11-07 03:30:00' },
  { name: 'new-years-eve', zone: 'Europe/Berlin', at: '2026-12-31 23:58:30' },
  { name: 'leap-day', zone: 'Europe/London', at: '2028-02-29 12:00:00' },
  { name: 'monday-after-midnight', zone: 'Europe/Berlin', at: '2026-11-30 00:03:00' },
  { name: 'kolkata-half-hour', zone: 'Asia/Kolkata', at: '2027-01-15 05:45:00' },
  { name: 'auckland-far-from-utc', zone: 'Pacific/Auckland', at: '2027-04-04 02:30:00' },
  { name: 'years-ahead', zone: 'America/Los_Angeles', at: '2035-06-15 09:00:00' },
  // Days without a target: a test that means a workday must fix its own (issue 61).
  { name: 'saturday', zone: 'Europe/Berlin', at: '2026-11-28 10:00:00' },
  { name: 'sunday', zone: 'Europe/Madrid', at: '2026-11-29 10:00:00' },
  // Christmas Day: a public holiday in every region IT can set (DE-BY, ES-MD, US-NY…), on a Friday.
  { name: 'public-holiday', zone: 'Europe/Berlin', at: '2026-12-25 10:00:00' },
];

/** The tests of the code that reads the calendar: quick enough to run at every moment in CI. */
const dayBoundTests = [
  'src-main/core/clock/calendar.test.ts',
  'src-main/core/clock/my-hours.test.ts',
  'src-main/core/clock/clock-reminders.test.ts',
  'src-main/core/clock/clock-service.test.ts',
  // Breaks and the working-time rules: a day's target, maximum and required breaks.
  'src-main/core/clock/breaks.test.ts',
  // Holidays, the day plan and the flexitime balance: day keys, local midnights, clock changes.
  'src-main/core/flexitime/',
  // Rest between working days, night, Sunday and holiday work: local days and nights across clock changes.
  'src-main/core/record/',
  'src-main/core/tray/',
  'src-main/shared/',
  'src-main/core/health/health-history.test.ts',
  'src-main/core/health/health-scenarios.test.ts',
];

function hasFaketime(): boolean {
  return spawnSync('faketime', ['--version'], { stdio: 'ignore' }).status === 0;
}

function main(): number {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  if (!hasFaketime()) {
    console.error('The calendar run needs faketime: sudo apt-get install faketime (Debian package "faketime").');
    return 2;
  }
  const chosen = moments.filter((moment) => !only || moment.name.includes(only));
  const logs = mkdtempSync(join(tmpdir(), 'calendar-run-'));
  const failed: string[] = [];
  for (const moment of chosen) {
    const started = performance.now();
    const result = spawnSync(
      'faketime',
      [moment.at, 'npx', 'vitest', 'run', '--project', 'unit', ...(quick ? dayBoundTests : [])],
      {
        env: { ...process.env, TZ: moment.zone, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const log = join(logs, `${moment.name}.log`);
    writeFileSync(log, output);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const summary = /^(\d+) passed, (\d+) failed/m.exec(output);
    const counts = summary ? `${summary[1]} tests passed, ${summary[2]} failed` : 'no summary';
    const ok = result.status === 0;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${moment.name.padEnd(26)} ${moment.zone.padEnd(20)} ${moment.at}  ${counts}  (${seconds} s)`,
    );
    if (!ok) {
      failed.push(moment.name);
      console.log(
        output
          .split('\n')
          .filter((line) => /FAIL|AssertionError|Error:/.test(line))
          .slice(0, 30)
          .join('\n'),
      );
      console.log(`Whole output: ${log}`);
    }
  }
  console.log(
    failed.length === 0
      ? `Calendar run green at ${chosen.length === 1 ? 'its one moment' : `all ${chosen.length} moments`}${quick ? ' (day-bound tests)' : ''}.`
      : `Calendar run red at ${failed.length} of ${chosen.length} moments: ${failed.join(', ')}.`,
  );
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = main();
