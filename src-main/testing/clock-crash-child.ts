/**
 * A child process for the crash tests: runs the real core against the parent's mock, with its data
 * in folders the parent names, so the parent can kill it at any moment and start it again.
 *
 *   clock-crash-child.ts clock-in [--block-after-response]   record a clock-in and send it
 *   clock-crash-child.ts toggle                               clock in or out, whichever is next
 *   clock-crash-child.ts sync                                 send what the outbox holds, then report
 *
 * EMPLOYEE (default E1002) and CLOCK_OFFSET_MS (added to the time, so runs are minutes apart) are read
 * from the environment.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { systemTime } from '../core/util/time-source.ts';
import { createTestCore } from './test-core.ts';

const [command, flag] = process.argv.slice(2);
const urls = { timeclockBaseUrl: process.env.MOCK_TIMECLOCK!, debtorsBaseUrl: process.env.MOCK_DEBTORS! };
const say = (line: string) => process.stdout.write(`${line}\n`);

if (flag === '--block-after-response') {
  // The outbox is written when a punch is recorded (with its first attempt) and when it is settled
  // (just after the punch's path, or at the latest when the clock stops).
  // Block at the second write to outbox.json: the server has answered, the outbox has not yet forgotten.
  // Patch the CommonJS fs object, then let ES modules see the change.
  const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
  const rename = fs.renameSync;
  let outboxWrites = 0;
  fs.renameSync = (from, to) => {
    if (String(to).endsWith('outbox.json') && ++outboxWrites === 2) {
      say('RESPONSE-RECEIVED');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // wait here until killed
    }
    rename(from, to);
  };
  syncBuiltinESMExports();
}

const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const clock = { ...systemTime, now: () => Date.now() + offset };
const core = createTestCore(urls, { settingsDir: process.env.SETTINGS_DIR!, dataDir: process.env.DATA_DIR!, time: clock });
core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: process.env.EMPLOYEE ?? 'E1002' });

if (command === 'clock-in' || command === 'toggle') {
  if (command === 'toggle') await core.clock.refresh();
  const before = new Set(core.outbox.all().map((punch) => punch.id));
  core.clock.onChange(() => {
    const recorded = core.outbox.all().find((punch) => !before.has(punch.id));
    if (recorded) say(`RECORDED ${recorded.kind} ${recorded.at}`);
  });
  say('READY');
  await core.clock.toggle('window');
  say('DONE');
} else {
  await core.clock.sync();
  say(`OUTBOX ${core.outbox.all().length}`);
}
core.clock.stop(); // as the app quits: a settle not yet written is written now
process.exit(0);
