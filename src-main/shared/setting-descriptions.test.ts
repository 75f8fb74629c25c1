import { describe, expect, it } from 'vitest';
import { POLICY_KEYS } from './policy-keys.ts';
import { plainDescription, SETTING_DESCRIPTIONS } from './setting-descriptions.ts';

describe('setting descriptions', () => {
  it('describe exactly the settings the schema has, each in a sentence', () => {
    expect(Object.keys(SETTING_DESCRIPTIONS).sort()).toEqual(POLICY_KEYS.map((entry) => entry.key).sort());
    for (const text of Object.values(SETTING_DESCRIPTIONS)) expect(text).toMatch(/^[A-Z`].*\.$/s);
  });

  it('lose their code marks for the templates', () => {
    expect(plainDescription('updates.channel')).toBe('Which releases: stable or beta.');
  });
});
