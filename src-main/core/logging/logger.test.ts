import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from './logger.ts';

function recording(secrets: string[]) {
  const lines: Array<[LogLevel, string]> = [];
  return {
    lines,
    logger: createLogger(
      (level, line) => lines.push([level, line]),
      () => secrets,
    ),
  };
}

describe('logger', () => {
  it('redacts known secrets in messages, error stacks and objects', () => {
    const { lines, logger } = recording(['qa-s3cret']);
    logger.error('Request failed for qa-s3cret', new Error('echoed qa-s3cret back'), {
      headers: { client_secret: 'qa-s3cret', other: 1 },
    });
    const [[level, line]] = lines as [[LogLevel, string]];
    expect(level).toBe('error');
    expect(line).not.toContain('qa-s3cret');
    expect(line).toContain('Request failed for [redacted]');
    expect(line).toContain('Error: echoed [redacted] back');
    expect(line).toContain('"client_secret":"[redacted]"');
  });

  it('redacts credential fields even for secrets it was never told about', () => {
    const { lines, logger } = recording([]);
    logger.warn('headers', { Authorization: 'Basic ZGVtbzpzZWNyZXQ=' }, 'client_secret=abc123');
    expect(lines[0]?.[1]).toBe('headers {"Authorization":"Basic [redacted]"} client_secret=[redacted]');
  });

  it('survives details it cannot serialise', () => {
    const { lines, logger } = recording([]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    logger.info('state', circular);
    expect(lines[0]?.[1]).toBe('state [object Object]');
  });
});
