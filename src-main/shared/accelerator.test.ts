import { describe, expect, it } from 'vitest';
import { acceleratorProblem, normalizeAccelerator } from './accelerator.ts';
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
    ['T', 'A global shortcut needs a modifier besides Shift (Ctrl, Alt…), or it would take the key from every application.'],
    [
      'Shift+A',
      'A global shortcut needs a modifier besides Shift (Ctrl, Alt…), or it would take the key from every application.',
    ],
    ...['Ctrl+C', 'CommandOrControl+V', 'Cmd+Shift+Z', 'Alt+Tab', 'Option+F4', 'Alt+Space', 'Ctrl+Alt+Delete', 'Super+L'].map(
      (text) => [
        text,
        `${text} belongs to other programs or the system (copy, paste, undo, switching windows…); choose a combination such as Ctrl+Alt+T.`,
      ],
    ),
    ['Ctrl+', 'Write the shortcut as modifiers and one key joined by +, e.g. Ctrl+Alt+T.'],
    ['Hyper+T', '“Hyper” is not a modifier; use Ctrl, Alt, Shift or Super (on a Mac, Command and Option).'],
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
      '„Hyper“ ist keine Zusatztaste; verwenden Sie Strg, Alt, Umschalt oder Super (auf dem Mac Command und Option).',
    );
  });

  it.each([
    ['Strg+Alt+T', 'Ctrl+Alt+T'],
    ['strg + umschalt + F1', 'Ctrl+Shift+F1'],
    ['Strg+Alt+Entf', 'Ctrl+Alt+Delete'],
    ['Ctrl+Mayús+Inicio', 'Ctrl+Shift+Home'],
    ['Strg++', 'Ctrl++'],
    ['CommandOrControl+Alt+T', 'CommandOrControl+Alt+T'],
  ])('takes the keyboard’s own names: %s is %s', (typed, electron) => {
    expect(normalizeAccelerator(typed)).toBe(electron);
  });
});
