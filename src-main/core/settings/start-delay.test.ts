import { describe, expect, it } from 'vitest';
import { loginEntryArgs, startDelayMsOf } from './start-delay.ts';

describe('the start delay after login', () => {
  it('reads the wait its login entry asks for, and nothing else', () => {
    expect(startDelayMsOf(['app.exe', '--start-delay=90'])).toBe(90_000);
    expect(startDelayMsOf(['app.exe', ...loginEntryArgs(600)])).toBe(600_000);
    expect(startDelayMsOf(['app.exe'])).toBe(0);
  });

  it('starts at once where the value is not 1–600 whole seconds', () => {
    for (const value of ['601', '-5', '1.5', '', 'soon', '90s', '0x10'])
      expect(startDelayMsOf(['app.exe', `--start-delay=${value}`]), value).toBe(0);
  });

  it('writes no switch for no wait', () => {
    expect(loginEntryArgs(0)).toEqual([]);
    expect(loginEntryArgs(45)).toEqual(['--start-delay=45']);
  });
});
