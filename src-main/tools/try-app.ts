/**
 * `npm run try`: the whole built app on the Electron stand-in, for clicking through on a machine
 * without Electron's binary. Its windows open in Debian's Chromium on your desktop; the tray, which
 * has no desktop here, is a page of buttons (its menu, tooltip and the notifications shown, each
 * clickable). Data lives in a fresh folder unless TIMECLOCK_TRY_DATA names one. Ctrl+C quits.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchApp } from '../testing/electron-stand-in/driver.ts';

if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && process.platform === 'linux') {
  console.error(
    'npm run try opens Chromium windows: run it in a desktop session (no DISPLAY is set), or on a virtual one: xvfb-run -a npm run try',
  );
  process.exit(1);
}
const TRAY_PAGE = `<!doctype html><meta charset="utf-8"><title>Tray — Timeclock Tray (stand-in)</title>
<style>body{font:14px system-ui;margin:16px;max-width:520px}button{display:block;margin:2px 0;text-align:left}
.sub{margin-left:20px}pre{background:#eee;padding:8px;white-space:pre-wrap}h2{font-size:14px;margin:16px 0 4px}</style>
<h1>Tray</h1><p id="icon"></p><pre id="tooltip"></pre><h2>Menu</h2><div id="menu"></div><h2>Notifications</h2><ol id="notes"></ol>
<p><button id="icon-click">Click the tray icon (opens the panel)</button></p>
<script>
const call = (op, ...args) => fetch('/', { method: 'POST', body: JSON.stringify({ op, args }) }).then(draw);
document.getElementById('icon-click').onclick = () => call('tray-click-icon');
function items(list, path, into) {
  for (const item of list) {
    if (item.type === 'separator') { into.append(document.createElement('hr')); continue; }
    const button = document.createElement('button');
    button.textContent = (item.type === 'radio' ? (item.checked ? '● ' : '○ ') : '') + item.label + (item.items ? ' ▸' : '');
    button.disabled = !item.enabled || Boolean(item.items);
    button.onclick = () => call('tray-click', ...path, item.label);
    into.append(button);
    if (item.items) { const sub = document.createElement('div'); sub.className = 'sub'; items(item.items, [...path, item.label], sub); into.append(sub); }
  }
}
async function draw() {
  const { tray, notifications } = await (await fetch('/state')).json();
  if (!tray) return;
  document.getElementById('icon').textContent = 'Icon: ' + tray.image;
  document.getElementById('tooltip').textContent = tray.tooltip;
  const menu = document.getElementById('menu'); menu.replaceChildren(); items(tray.menu, [], menu);
  const notes = document.getElementById('notes'); notes.replaceChildren();
  notifications.forEach((note, index) => {
    const li = document.createElement('li'); li.textContent = note.title + ' — ' + note.body + ' ';
    const open = document.createElement('button'); open.textContent = 'Click'; open.onclick = () => call('notification-click', index); li.append(open);
    (note.actions || []).forEach((action, button) => { const b = document.createElement('button'); b.textContent = action.text; b.onclick = () => call('notification-action', index, button); li.append(b); });
    notes.append(li);
  });
}
draw(); setInterval(draw, 1000);
</script>`;

const dataDir = process.env.TIMECLOCK_TRY_DATA ?? mkdtempSync(join(tmpdir(), 'timeclock-try-'));
process.env.TIMECLOCK_STANDIN_HEADLESS = '0';
const app = await launchApp({ dataDir });

const body = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text || '{}') as { op: string; args: unknown[] };
};
const server = createServer(async (request, response) => {
  try {
    if (request.method === 'POST') {
      const { op, args } = await body(request);
      await app.call(op, ...args);
      return void response.writeHead(204).end();
    }
    if (request.url === '/state') {
      const state = { tray: await app.tray(), notifications: await app.notifications() };
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state));
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(TRAY_PAGE);
  } catch (error) {
    if (!response.headersSent) response.writeHead(500);
    response.end(String(error));
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const trayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
console.log(`Timeclock Tray is running on the Electron stand-in (data in ${dataDir}).`);
console.log(`The tray, as a page of buttons: ${trayUrl}`);
// On a virtual display (xvfb-run) the stand-in's own window is invisible: the page is for a browser.
if (/xvfb-run/i.test(process.env.XAUTHORITY ?? ''))
  console.log(`No screen to show it on here? Open ${trayUrl} in a browser on this machine.`);
// Where tools (and the test of this script) reach the stand-in's Chromium.
const { cdp } = (await app.reported('chromium')) as { cdp: string };
console.log(`Chromium DevTools: ${cdp}`);
await app.call('open-page', trayUrl);
process.on('SIGINT', () => void app.quit().finally(() => server.close()));
void app.exited.then(() => server.close());
