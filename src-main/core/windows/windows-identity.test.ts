import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_USER_MODEL_ID, TOAST_ACTIVATOR_CLSID, toastActivation, toastArguments, toastXml } from './windows-identity.ts';

describe('the app’s identity on Windows', () => {
  it('is the installer’s appId, so toasts match the Start-menu shortcut', () => {
    const builder = parse(readFileSync(new URL('../../../electron-builder.yml', import.meta.url), 'utf8')) as { appId: string };
    expect(APP_USER_MODEL_ID).toBe(builder.appId);
    expect(TOAST_ACTIVATOR_CLSID).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/);
  });

  it('routes a toast’s click and button by their arguments, and nothing it did not write', () => {
    expect(toastActivation(toastArguments('clock-out', 'panel'))).toEqual({ action: 'clock-out', target: 'panel' });
    expect(toastActivation(toastArguments('open', 'status'))).toEqual({ action: 'open', target: 'status' });
    // An outage's "I know" (issue 51) comes back through the router by name, also after a restart.
    expect(toastActivation(toastArguments('acknowledge', 'status'))).toEqual({ action: 'acknowledge', target: 'status' });
    expect(toastActivation('timeclock-tray:format-disk:panel')).toBeNull();
    expect(toastActivation('timeclock-tray:open:explorer')).toBeNull();
    expect(toastActivation('')).toBeNull();
  });

  it('leaves out of a toast every character XML 1.0 forbids, wherever the words come from (issue 62, point 7)', () => {
    const forbidden = [
      ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter((c) => !'\t\n\r'.includes(c)),
      '\uDC00', // a low surrogate with no high one before it
      '\uFFFE',
      '\uFFFF',
      '\uD800', // a high surrogate with no low one after it
    ].join('');
    const xml = toastXml({
      title: `Payroll${forbidden} link`,
      body: `The service said: down${forbidden} since 9:40 😀`,
      silent: false,
      target: 'status',
      button: { label: `Check${forbidden}`, action: 'acknowledge' },
    });
    // XML 1.0's Char production: what a conforming parser (Windows') accepts.
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    expect(xml).toContain('<text>Payroll link</text>');
    expect(xml).toContain('<text>The service said: down since 9:40 😀</text>');
    expect(xml).toContain('content="Check"');
  });

  it('writes a toast whose words cannot break its XML, with the button’s action in its arguments', () => {
    const xml = toastXml({
      title: 'Clock out?',
      body: 'Müller & Söhne <GmbH> "quoted"',
      silent: true,
      target: 'panel',
      button: { label: 'Clock out', action: 'clock-out' },
    });
    expect(xml).toContain('<text>Müller &amp; Söhne &lt;GmbH&gt; &quot;quoted&quot;</text>');
    expect(xml).toContain('launch="timeclock-tray:open:panel"');
    expect(xml).toContain('<action content="Clock out" arguments="timeclock-tray:clock-out:panel" activationType="foreground"/>');
    expect(xml).toContain('<audio silent="true"/>');
    expect(toastXml({ title: 'a', body: 'b', silent: false, target: 'status' })).not.toMatch(/<actions>|<audio/);
  });
});
