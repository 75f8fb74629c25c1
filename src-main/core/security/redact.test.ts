import { describe, expect, it } from 'vitest';
import { createRandom } from '../../mock/data/random.ts';
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

describe('redact, in every form a secret travels', () => {
  it('finds a known secret percent-encoded, JSON-escaped, in base64 and inside HTTP Basic', () => {
    const secret = 'p@ss wörd/"q"';
    const basic = Buffer.from(`client:${secret}`).toString('base64');
    const text = [
      `url?x=${encodeURIComponent(secret)}`,
      JSON.stringify({ note: secret }),
      Buffer.from(secret).toString('base64'),
      `Authorization was Basic ${basic}`,
    ].join(' | ');
    const redacted = redact(text, [secret]);
    expect(redacted).not.toContain(encodeURIComponent(secret));
    expect(redacted).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(redacted).not.toContain(Buffer.from(secret).toString('base64'));
    expect(redacted).not.toContain(basic);
  });

  it('redacts the whole value of credential fields with custom names, not just up to a ; or a space', () => {
    expect(redact('x-api-key: abc;def ghi')).toBe('x-api-key: [redacted]');
    expect(redact('{"apiKey":"a b;c","user":"x"}')).toBe('{"apiKey":"[redacted]","user":"x"}');
    expect(redact('?access_token=abc;def&x=1')).toBe('?access_token=[redacted]&x=1');
    expect(redact('Authorization: Bearer abc def')).toBe('Authorization: Bearer [redacted]');
  });

  it('never leaks a generated secret from any of many generated contexts (property test)', () => {
    const { next } = createRandom(42);
    const alphabet = 'abcXYZ019-_.~!@#$%^&*()+=/:;"\' äöü€';
    const contexts = [
      (s: string) => `secret=${s}`,
      (s: string) => JSON.stringify({ password: s }),
      (s: string) => `The server said: “bad secret ${s}”`,
      (s: string) => `GET /x?key=${encodeURIComponent(s)}`,
      (s: string) => JSON.stringify({ message: `echo ${s}` }),
      (s: string) => `Basic ${Buffer.from(`id:${s}`).toString('base64')}`,
    ];
    for (let run = 0; run < 500; run++) {
      const length = 6 + Math.floor(next() * 20);
      const secret = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const context = contexts[run % contexts.length]!;
      const redacted = redact(context(secret), [secret]);
      expect(redacted, `context ${run % contexts.length}, secret ${JSON.stringify(secret)}`).not.toContain(secret);
    }
  });
});
