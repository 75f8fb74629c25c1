/**
 * The comparison's lines: every field any of the debtors has (the known ones in a reader's order,
 * then the server's own), each value in the user's words, and whether the values differ.
 */
import type { ComparedDebtor } from '../../src-main/shared/ipc/contract.ts';
import { fieldLine, knownFields, type FieldWords } from './field-words.ts';

export interface ComparisonLine {
  name: string;
  label: string;
  values: string[];
  differs: boolean;
}

/** In the column headers already. */
const HEADED = new Set(['debtorKey', 'name']);

export function comparisonLines(debtors: readonly ComparedDebtor[], words: FieldWords): ComparisonLine[] {
  const present = new Set(debtors.flatMap((debtor) => Object.keys(debtor.fields)));
  const names = [
    ...knownFields.filter((name) => present.has(name)),
    ...[...present].filter((name) => !knownFields.includes(name)).sort(),
  ].filter((name) => !HEADED.has(name));
  return names.map((name) => {
    const lines = debtors.map((debtor) => fieldLine(name, debtor.fields[name], words));
    const values = lines.map((line) => line.shown);
    return { name, label: lines[0]!.label, values, differs: differ(values) };
  });
}

/** Whether the values shown differ (a blank against a value differs too). */
export const differ = (values: readonly unknown[]) => new Set(values).size > 1;
