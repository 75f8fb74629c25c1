import { describe, expect, it } from 'vitest';
import { acceleratorProblem } from './accelerator.ts';
import { english, translatorFor } from './i18n/catalogues.ts';
import { describeValueProblem } from './i18n/value-problem-words.ts';
import { chooseLocale } from './i18n/locales.ts';

describe('global shortcut syntax', () => {
  it.each(['CommandOrControl+Alt+T', 'Ctrl+Shift+F12', 'Alt+Shift+K', 'Super+K', 'Ctrl++', 'CmdOrCtrl+Alt+Home', 'Ctrl+Alt+C'])(
    'accepts %s',
    (text) => {
      expect(acceleratorProblem(text)).toBeNull();
    },
  );

  it.each([
    [
      'T',
      'A global shortcut needs a modifier besides Shift (CommandOrControl, Alt…), or it would take the key from every application.',
    ],
    [
      'Shift+A',
      'A global shortcut needs a modifier besides Shift (CommandOrControl, Alt…), or it would take the key from every application.',
    ],
    ...['Ctrl+C', 'CommandOrControl+V', 'Cmd+Shift+Z', 'Alt+Tab', 'Option+F4', 'Alt+Space', 'Ctrl+Alt+Delete', 'Super+L'].map(
      (text) => [
        text,
        `${text} belongs to other programs or the system (copy, paste, undo, switching windows…); choose a combination such as CommandOrControl+Alt+T.`,
      ],
    ),
    ['Ctrl+', 'Write the shortcut as modifiers and one key joined by +, e.g. CommandOrControl+Alt+T.'],
    ['Hyper+T', '“Hyper” is not a modifier; use CommandOrControl, Control, Command, Alt, Option, Shift or Super.'],
    ['Ctrl+Ctrl+T', 'A modifier appears twice.'],
    [
      'Ctrl+Alt+Banana',
      '“Banana” is not a key Electron knows; use a letter, a digit, F1–F24 or a named key such as Space or Home.',
    ],
  ])('rejects %j with a reason', (text, message) => {
    const problem = acceleratorProblem(text);
    expect(problem).not.toBeNull();
    expect(describeValueProblem({ kind: 'shortcut', problem: problem! }, english.t)).toBe(message);
  });

  it('gives the reason in the user’s language', () => {
    const { t } = translatorFor(chooseLocale('de', []));
    expect(describeValueProblem({ kind: 'shortcut', problem: acceleratorProblem('Hyper+T')! }, t)).toBe(
      '„Hyper“ ist keine Zusatztaste; verwenden Sie CommandOrControl, Control, Command, Alt, Option, Shift oder Super.',
    );
  });
});
