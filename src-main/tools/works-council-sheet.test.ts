/**
 * The works council's data sheet (docs/works-council.md) names the policy that turns off each datum
 * the app keeps about the employee, and each named policy is a setting IT can set (issue 67, point 5).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTING_DESCRIPTIONS } from '../shared/setting-descriptions.ts';

const sheet = readFileSync(fileURLToPath(new URL('../../docs/works-council.md', import.meta.url)), 'utf8');

/** The settings that decide what is kept or read about the employee. */
const PERSONAL_DATA_POLICIES = [
  'clock.keepYears',
  'clock.whenComputerStops',
  'clock.lastInputEvidence',
  'clock.workingTime.dailyRestHours',
  'clock.workingTime.rules',
  'clock.notClockedInReminder.enabled',
  'clock.endOfDayReminder.enabled',
  'clock.displayName',
  'lookup.rememberLookedAt',
  'lookup.keepOnDisk',
  'lookup.accessRecord.keepMonths',
  'lookup.accessRecord.askPurpose',
  'fleet.sendAccessRecord',
  'fleet.includeDebtorName',
  'fleet.enabled',
  'fleet.includeEmployee',
  'fleet.includeWorkstation',
];

describe('the data sheet for the works council', () => {
  it.each(PERSONAL_DATA_POLICIES)('names %s, a setting IT can set', (key) => {
    expect(Object.keys(SETTING_DESCRIPTIONS)).toContain(key);
    expect(sheet).toContain(`\`${key}`);
  });
});
