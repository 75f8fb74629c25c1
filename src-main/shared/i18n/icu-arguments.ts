/**
 * The arguments an ICU message takes, and of what kind: for the typed catalogue (gen-messages) and
 * the catalogue check (every language takes the same arguments as English).
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type ArgumentKind = 'text' | 'number' | 'date' | 'choice';

export function argumentsOf(message: string): Map<string, ArgumentKind> {
  const found = new Map<string, ArgumentKind>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) found.set(element.value, found.get(element.value) ?? 'text');
      else if (element.type === TYPE.number) found.set(element.value, 'number');
      else if (element.type === TYPE.date || element.type === TYPE.time) found.set(element.value, 'date');
      else if (element.type === TYPE.plural) {
        found.set(element.value, 'number');
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.select) {
        found.set(element.value, 'choice');
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(message));
  return found;
}

/** The options of each select argument, for the check that translations keep them. */
export function selectOptionsOf(message: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.select) {
        found.set(element.value, Object.keys(element.options).sort());
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.plural) for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(parse(message));
  return found;
}
