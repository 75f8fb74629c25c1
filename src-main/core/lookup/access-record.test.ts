/**
 * The access record on a real disk: every opening written before it is told, a crash in the middle
 * of a line costing that line alone (a real process killed while it appends), the months IT keeps,
 * and an export whose hostile debtor names stay text in a spreadsheet.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appendFileAt } from '../util/append-file.ts';
import { PLAIN_CSV } from '../util/csv.ts';
import { accessCsv, localStamp } from './access-export.ts';
import { accessKeptFrom, createAccessRecord, JUST_OPENED_MS, readEntries, type AccessFacts } from './access-record.ts';

const DAY = 86_400_000;
const start = Date.parse('2026-11-23T09:00:00Z');
const facts = (debtorKey: string, purpose = ''): AccessFacts => ({
  debtorKey,
  environmentId: 'prod',
  environmentName: 'Production',
  employeeId: 'E1001',
  by: 'E1001 · Ana Díaz',
  purpose,
  via: 'detail',
});
const childScript = fileURLToPath(new URL('../../testing/access-append-child.ts', import.meta.url));
const folder = () => mkdtempSync(join(tmpdir(), 'access-record-'));

function recordAt(path: string, keepMonths = 12) {
  let now = start;
  const record = createAccessRecord({ file: appendFileAt(path), keepMonths: () => keepMonths, now: () => now });
  return { record, advance: (ms: number) => (now += ms), setKeep: (months: number) => (keepMonths = months) };
}

describe('the access record', () => {
  it('keeps each opening as one line, the user’s alone, and reads them back after a restart', async () => {
    const path = join(folder(), 'access-record.jsonl');
    const first = recordAt(path);
    await first.record.write(facts('D1', 'Collections'));
    first.advance(60_000);
    await first.record.write(facts('D2'));
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ debtorKey: 'D1', purpose: 'Collections', by: 'E1001 · Ana Díaz' });
    expect(lines.join('')).not.toContain('name'); // the debtor's key only: its name is not kept here
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = recordAt(path);
    const { entries, unreadable } = await again.record.entries();
    expect(entries.map((entry) => entry.debtorKey)).toEqual(['D1', 'D2']);
    expect(unreadable).toBe(0);
    expect((await again.record.entries('D2')).entries).toHaveLength(1);
  });

  it('does not write a debtor opened again within 30 minutes for the same purpose; later, or for another purpose, it does', async () => {
    const { record, advance } = recordAt(join(folder(), 'a.jsonl'));
    expect(await record.write(facts('D1', 'Collections'))).not.toBeNull();
    advance(JUST_OPENED_MS - 1);
    expect(await record.write(facts('D1', 'Collections'))).toBeNull();
    expect(await record.write(facts('D1', 'New invoice'))).not.toBeNull();
    advance(JUST_OPENED_MS);
    expect(await record.write(facts('D1', 'New invoice'))).not.toBeNull();
    expect((await record.entries()).entries).toHaveLength(3);
  });

  it('a line torn by a crash costs that line alone: the next entry starts on a line of its own', async () => {
    const path = join(folder(), 'access-record.jsonl');
    const { record } = recordAt(path);
    await record.write(facts('D1'));
    await record.write(facts('D2'));
    // The power went in the middle of the third line.
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"id":"5b2f`, { flag: 'w' });
    const restarted = recordAt(path);
    expect((await restarted.record.entries()).unreadable).toBe(1);
    restarted.advance(JUST_OPENED_MS);
    await restarted.record.write(facts('D3'));
    const { entries, unreadable } = await restarted.record.entries();
    expect(entries.map((entry) => entry.debtorKey)).toEqual(['D1', 'D2', 'D3']);
    expect(unreadable).toBe(1);
  });

  it('survives a process killed while it appends: every line but the last whole, and the record goes on', async () => {
    const path = join(folder(), 'access-record.jsonl');
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, path], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve())); // it has begun writing
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const written = readFileSync(path, 'utf8');
    const { entries, unreadable } = readEntries(written);
    expect(entries.length).toBeGreaterThan(0);
    expect(unreadable.length).toBeLessThanOrEqual(1); // at most the line it was writing
    const { record } = recordAt(path);
    await record.write(facts('after-the-crash'));
    const after = await record.entries();
    expect(after.entries.at(-1)?.debtorKey).toBe('after-the-crash');
    expect(after.entries).toHaveLength(entries.length + 1);
  });

  it('lets go of entries older than the months IT keeps, and keeps nothing at 0', async () => {
    const path = join(folder(), 'access-record.jsonl');
    const { record, advance, setKeep } = recordAt(path, 3);
    await record.write(facts('old'));
    advance(100 * DAY);
    await record.write(facts('new')); // the day's letting go runs with the first write
    await record.keep(true);
    expect(readFileSync(path, 'utf8')).not.toContain('"old"');
    expect((await record.entries()).entries.map((entry) => entry.debtorKey)).toEqual(['new']);
    setKeep(0);
    expect(await record.write(facts('not kept'))).toBeNull();
    await record.keep(true);
    expect(existsSync(path)).toBe(false);
  });

  it('reads a damaged record line by line: what cannot be used is counted, kept as it is, and costs nothing else', async () => {
    const path = join(folder(), 'access-record.jsonl');
    const { record } = recordAt(path);
    await record.write(facts('D1'));
    const good = readFileSync(path, 'utf8');
    const line = JSON.parse(good) as Record<string, unknown>;
    const damaged = [
      JSON.stringify({ ...line, at: 1e20 }), // a time no date can hold
      JSON.stringify({ ...line, purpose: 'x'.repeat(5000) }),
      JSON.stringify({ ...line, via: 'telepathy' }),
      '\u0000\u0000\u0000',
      '[1,2,3]',
    ];
    writeFileSync(path, `${good}${damaged.join('\n')}\n`);
    const restarted = recordAt(path, 1);
    const { entries, unreadable } = await restarted.record.entries();
    expect(entries.map((entry) => entry.debtorKey)).toEqual(['D1']);
    expect(unreadable).toBe(5);
    restarted.advance(40 * DAY);
    await restarted.record.keep(true);
    // The good line was older than the month kept; the damaged ones stay, since their age is unknown.
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toEqual(damaged);
  });

  it('counts months as the calendar has them', () => {
    const now = new Date(2026, 2, 31, 12).getTime();
    expect(new Date(accessKeptFrom(now, 12)).getFullYear()).toBe(2025);
    expect(new Date(accessKeptFrom(now, 1)).getMonth()).toBe(2); // 31 February rolls over into March
  });
});

describe('the access record as CSV', () => {
  it('keeps hostile debtor names and purposes as text, newest first, with the time’s offset', async () => {
    const { record, advance } = recordAt(join(folder(), 'a.jsonl'));
    await record.write(facts('D1', '=HYPERLINK("http://evil.example","click")'));
    advance(60_000);
    await record.write(facts('D2', '+SUM(1;2)'));
    const { entries } = await record.entries();
    const names = new Map([
      ['D1', '@cmd|" /C calc"!A0'],
      ['D2', '-2+3; Smith, "the" builder\nline two'],
    ]);
    const csv = accessCsv({
      entries,
      names,
      header: ['at', 'key', 'name', 'by', 'purpose', 'via', 'env'],
      viaWord: String,
      style: PLAIN_CSV,
    });
    const rows = csv.slice(1).split('\r\n');
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2},D2,/); // newest first
    expect(csv).toContain(`"'-2+3; Smith, ""the"" builder\nline two"`);
    expect(csv).toContain(`"'@cmd|"" /C calc""!A0"`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain(`'+SUM(1;2)`);
    for (const cell of csv.slice(1).split(/,|\r\n/)) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('writes the local time with its offset from UTC', () => {
    const stamp = localStamp(start);
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/);
    const [day, time, offset] = stamp.split(' ');
    const sign = offset!.startsWith('-') ? -1 : 1;
    const [hours, minutes] = offset!.slice(1).split(':').map(Number);
    const utc = Date.parse(`${day}T${time}Z`) - sign * (hours! * 60 + minutes!) * 60_000;
    expect(utc).toBe(start);
  });
});
