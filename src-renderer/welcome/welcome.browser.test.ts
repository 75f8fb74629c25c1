/**
 * "Start with demo data" shows a newcomer the working calendar too (issue 63, point 16): a 40-hour
 * week and the holidays of the language's country, where nothing is set and IT locked nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { windowSizes } from '../../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createTestCore, type TestCoreOptions } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';

let mock: MockServer;
let harness: Harness;
beforeAll(async () => {
  mock = await startMockServer({ debtors: 5 });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

async function startDemo(options: TestCoreOptions, button: string) {
  const core = createTestCore(mock, options);
  const view = await harness.open(
    'welcome',
    { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
    { size: windowSizes.welcome },
  );
  await view.page.getByRole('button', { name: button }).click();
  // The window closes only after both steps (welcomed, then the demo calendar) are done.
  await view.closeRequested;
  expect(core.settings.welcomed()).toBe(true);
  return core.settings.preferences().clock;
}

describe('start with demo data', () => {
  it('sets a 40-hour week and the country of the language’s holidays', async () => {
    const clock = await startDemo({ systemLanguages: () => ['de-DE'] }, 'Mit Demodaten beginnen');
    expect(clock.workingTime.weeklyTargetMinutes).toBe(2400);
    expect(clock.holidays.region).toBe('DE');
  });

  it('changes nothing IT set', async () => {
    const clock = await startDemo(
      { admin: { defaults: { clock: { holidays: { region: 'ES-MD', halfDays: [] } } } } },
      'Start with demo data',
    );
    expect(clock.workingTime.weeklyTargetMinutes).toBe(0);
    expect(clock.holidays.region).toBe('ES-MD');
  });
});
