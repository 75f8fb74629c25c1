import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { catchUncaught } from './uncaught.ts';

/** A process whose uncaught errors go to a logger and a dialog that record what they got. */
function caught(secrets: string[] = []) {
  const fakeProcess = new EventEmitter();
  const lines: string[] = [];
  const shown: string[] = [];
  catchUncaught(
    fakeProcess,
    createLogger(
      (_level, line) => lines.push(line),
      () => secrets,
    ),
    (detail) => shown.push(detail),
    () => secrets,
  );
  return { fakeProcess, lines, shown };
}

describe('uncaught errors', () => {
  it('are logged and shown redacted, every time in the log and once per distinct problem on screen', () => {
    const { fakeProcess, lines, shown } = caught(['s3cret-value']);
    fakeProcess.emit('uncaughtException', new Error('socket closed for s3cret-value'));
    fakeProcess.emit('uncaughtException', new Error('socket closed for s3cret-value'));
    fakeProcess.emit('unhandledRejection', 'disk full');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('s3cret-value');
    expect(shown).toEqual(['socket closed for [redacted]', 'disk full']);
  });

  it('ignore a broken console (EPIPE): logging it would write to it again, in a loop that fills the log', () => {
    const { fakeProcess, lines, shown } = caught();
    fakeProcess.emit('uncaughtException', Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' }));
    expect([lines, shown]).toEqual([[], []]);
  });
});
