import { describe, expect, it } from 'vitest';
import { redact } from './redact.ts';

describe('redact', () => {
  it('replaces every occurrence of a known secret', () => {
    expect(redact('a s3cret b s3cret', ['s3cret'])).toBe('a [redacted] b [redacted]');
  });

  it('replaces values of credential-looking fields and headers whatever the secret', () => {
    expect(redact('{"client_secret":"abc123","name":"x"}')).toBe('{"client_secret":"[redacted]","name":"x"}');
    expect(redact('authorization: Basic ZGVtbzpzZWNyZXQ=')).toBe('authorization: Basic [redacted]');
    expect(redact('url?client-secret=abc&x=1')).toBe('url?client-secret=[redacted]&x=1');
  });

  it('leaves ordinary sentences alone', () => {
    const sentence = 'Missing credentials: send the client_id and client_secret headers.';
    expect(redact(sentence)).toBe(sentence);
  });
});
