/** IT's addresses besides the services: what each may be, and addresses shown without their credentials. */
import { describe, expect, it } from 'vitest';
import { itUrlProblem, maskUrlCredentials } from './it-url.ts';
import { redact } from '../core/security/redact.ts';

describe('an address IT gives', () => {
  it('is https (the update feed always; the collector but on this computer), never with credentials', () => {
    expect(itUrlProblem('https://updates.example.com/tray/', { https: 'always' })).toBeNull();
    expect(itUrlProblem('http://updates.example.com/tray/', { https: 'always' })).toBe('notHttps');
    expect(itUrlProblem('http://127.0.0.1:4318', { https: 'always' })).toBe('notHttps');
    expect(itUrlProblem('http://127.0.0.1:4318', { https: 'exceptLoopback' })).toBeNull();
    expect(itUrlProblem('http://otel.example.com:4318', { https: 'exceptLoopback' })).toBe('notHttps');
    expect(itUrlProblem('http://intranet.example/', { https: 'either' })).toBeNull();
    expect(itUrlProblem('https://anna:pw@intranet.example/', { https: 'either' })).toBe('userInfo');
    expect(itUrlProblem('http://anna@updates.example.com/', { https: 'always' })).toBe('userInfo');
    expect(itUrlProblem('ftp://updates.example.com/', { https: 'either' })).toBe('notUrl');
    expect(itUrlProblem('updates.example.com', { https: 'either' })).toBe('notUrl');
    expect(itUrlProblem('', { https: 'always' })).toBeNull();
  });

  it('is shown and logged without the user name and password someone put in it', () => {
    expect(maskUrlCredentials('feed https://anna:Winter2026@updates.example.com/x and http://u@h/')).toBe(
      'feed https://***@updates.example.com/x and http://***@h/',
    );
    expect(redact('GET https://anna:Winter2026@updates.example.com/latest.yml failed')).toBe(
      'GET https://[redacted]@updates.example.com/latest.yml failed',
    );
    expect(maskUrlCredentials('mail anna@example.com, https://example.com/@user')).toBe(
      'mail anna@example.com, https://example.com/@user',
    );
  });
});
