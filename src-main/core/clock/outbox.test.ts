/** The outbox file: every complete punch survives damage; only what is damaged is set aside, byte for byte. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { english } from '../../shared/i18n/catalogues.ts';
import { outboxProblemText } from './clock-words.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { durableFile } from '../util/durable-file.ts';
import { memoryFile, type TextFile } from '../util/text-file.ts';
import { createOutbox, type NewPunch } from './outbox.ts';

const fresh = (kind: NewPunch['kind'], at: string): NewPunch => ({
  environmentId: 'mock',
  employeeId: 'E1',
  kind,
  at,
  eventId: null,
  afterPunchId: null,
  clockInAt: null,
});

/** An outbox file holding three punches, as the app writes it. */
function written(): string {
  const file = memoryFile();
  const outbox = createOutbox(
    file,
    () => {},
    () => {},
  );
  outbox.add(fresh('clock-in', '2026-11-23T08:00:00.000Z'));
  outbox.add(fresh('clock-out', '2026-11-23T12:00:00.000Z'));
  outbox.add(fresh('clock-in', '2026-11-23T13:00:00.000Z'));
  return file.read()!;
}

function open(content: string | Buffer) {
  const file = memoryFile(typeof content === 'string' ? content : null);
  if (typeof content !== 'string') file.readBytes = () => content;
  const setAside: Buffer[] = [];
  const problems: string[] = [];
  const outbox = createOutbox(
    file,
    (bytes) => setAside.push(bytes),
    (problem) => problems.push(outboxProblemText(problem, english.t)),
  );
  return { outbox, setAside, problems };
}

describe('the outbox file', () => {
  it('reads back what it wrote, with nothing set aside', () => {
    const { outbox, setAside, problems } = open(written());
    expect(outbox.all().map((punch) => punch.at)).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
    ]);
    expect([setAside, problems]).toEqual([[], []]);
  });

  it('keeps every complete punch of a truncated file, sets the file aside as it was, and says so once', () => {
    const text = written();
    const truncated = text.slice(0, text.length - 40);
    const { outbox, setAside, problems } = open(truncated);
    expect(outbox.all().map((punch) => punch.at)).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-23T12:00:00.000Z']);
    expect(setAside).toEqual([Buffer.from(truncated)]);
    expect(problems).toEqual([
      'Part of the list of punches waiting to be sent was damaged; the 2 complete punches were kept and will be sent, and a copy of the file was set aside.',
    ]);
  });

  it('keeps the good punches when one entry is valid JSON of the wrong shape', () => {
    const lines = written().split('\n');
    lines[2] = JSON.stringify({ ...JSON.parse(lines[2]!), attempts: 'many' });
    const { outbox, problems } = open(lines.join('\n'));
    expect(outbox.all()).toHaveLength(2);
    expect(problems).toHaveLength(1);
  });

  it('sets binary junk aside byte for byte', () => {
    const junk = Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x7b, 0x0a, 0xc3]);
    const { outbox, setAside, problems } = open(junk);
    expect(outbox.all()).toEqual([]);
    expect(setAside[0]!.equals(junk)).toBe(true);
    expect(problems).toEqual([
      'The list of punches waiting to be sent could not be read; a copy of it was set aside and a new one started.',
    ]);
  });

  it('reads the earlier one-document format, refusals included', () => {
    const punch = {
      id: 'a',
      environmentId: 'mock',
      employeeId: 'E1',
      kind: 'clock-in',
      at: '2026-11-23T08:00:00.000Z',
      idempotencyKey: 'k',
      eventId: null,
      afterPunchId: null,
      attempts: 1,
      nextAttemptAt: null,
      lastError: 'No employee',
      failed: 'No employee E1.',
    };
    const { outbox, problems } = open(JSON.stringify({ version: 1, punches: [punch] }, null, 1));
    expect(outbox.all()).toEqual([
      expect.objectContaining({
        id: 'a',
        stopped: { kind: 'refused', message: 'No employee E1.' },
        unreadable: 0,
        clockInAt: null,
      }),
    ]);
    expect(problems).toEqual([]);
  });

  it('starts, and says why, when its path is a folder', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outbox-folder-')), 'outbox.json');
    mkdirSync(path);
    const problems: string[] = [];
    const outbox = createOutbox(
      durableFile(path),
      () => {},
      (problem) => problems.push(outboxProblemText(problem, english.t)),
    );
    expect(outbox.all()).toEqual([]);
    expect(problems[0]).toMatch(
      /^The list of punches waiting to be sent could not be opened \(.*EISDIR.*\); new punches start a new list\.$/,
    );
  });
});

describe('a settled punch leaving the file', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const lines = (file: { read(): string | null }) => file.read()!.trim().split('\n').length - 1;
  const quiet = (file: TextFile) =>
    createOutbox(
      file,
      () => {},
      () => {},
    );

  it("is written just after the punch's path, once for settles made together", async () => {
    const file = memoryFile();
    let writes = 0;
    const write = file.write;
    file.write = (text) => (writes++, write(text));
    const outbox = quiet(file);
    const first = outbox.add(fresh('clock-in', '2026-11-23T08:00:00.000Z'));
    const second = outbox.add(fresh('clock-out', '2026-11-23T12:00:00.000Z'));
    writes = 0;
    outbox.settle(first.id, 'event-1');
    outbox.settle(second.id, null);
    expect([outbox.all(), lines(file), writes]).toEqual([[], 2, 0]);
    await nextTurn();
    expect([lines(file), writes]).toEqual([0, 1]);
  });

  it('is written by the next change or the flush, whichever comes first', () => {
    const file = memoryFile();
    const outbox = quiet(file);
    const first = outbox.add(fresh('clock-in', '2026-11-23T08:00:00.000Z'));
    outbox.settle(first.id, 'event-1');
    outbox.add(fresh('clock-out', '2026-11-23T12:00:00.000Z'));
    expect(lines(file)).toBe(1);
    const second = outbox.all()[0]!;
    outbox.settle(second.id, null);
    outbox.flush();
    expect(lines(file)).toBe(0);
  });

  it('is tried again by the next change when its own write fails, and the punch stays forgotten', async () => {
    const file = memoryFile();
    const outbox = quiet(file);
    const first = outbox.add(fresh('clock-in', '2026-11-23T08:00:00.000Z'));
    const write = file.write;
    file.write = () => {
      throw new Error('ENOSPC: no space left on device');
    };
    outbox.settle(first.id, 'event-1');
    await nextTurn();
    expect([outbox.all(), lines(file)]).toEqual([[], 1]);
    file.write = write;
    outbox.flush();
    expect(lines(file)).toBe(0);
  });
});
