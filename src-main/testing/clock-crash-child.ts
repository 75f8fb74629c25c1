/**
 * A child process for the crash tests: runs the real core against the parent's mock, with its data
 * in folders the parent names, so the parent can kill it at any moment and start it again.
 *
 *   clock-crash-child.ts clock-in [--block-after-response]   record a clock-in and send it
 *   clock-crash-child.ts sync                                 send what the outbox holds, then report
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { createTestCore } from './test-core.ts';

const [command, flag] = process.argv.slice(2);
const urls = { timeclockBaseUrl: process.env.MOCK_TIMECLOCK!, debtorsBaseUrl: process.env.MOCK_DEBTORS! };
const say = (line: string) => process.stdout.write(`${line}\n`);

if (flag === '--block-after-response') {
  // The outbox is written when a punch is recorded (with its first attempt) and when it is settled.
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

const core = createTestCore(urls, { settingsDir: process.env.SETTINGS_DIR!, dataDir: process.env.DATA_DIR! });
core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });

if (command === 'clock-in') {
  core.clock.onChange(() => {
    if (core.outbox.all().length > 0) say('RECORDED');
  });
  await core.clock.toggle();
  say('DONE');
} else {
  await core.clock.sync();
  say(`OUTBOX ${core.outbox.all().length}`);
}
process.exit(0);
