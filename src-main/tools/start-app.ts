/**
 * `npm start` after the build: runs the app in Electron. Electron's package downloads its runtime on
 * first use; where that download cannot happen (no internet, a proxy, a CI image) this says what to
 * do instead of leaving the package's own "failed to install correctly".
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The runtime's path. The package's main export is that path, and it downloads the runtime first
 * when it is missing, printing a stack trace and advice of its own when that fails: asked in a
 * child whose words are kept, so that only the project's explanation is printed.
 */
function electronBinary(): string | null {
  console.log("Looking for Electron's runtime (downloaded once, the first time)…");
  const asked = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  if (asked.status === 0 && asked.stdout.trim() !== '') return asked.stdout.trim();
  const reason = /^(?:\w*Error): (.+)$/m.exec(asked.stderr ?? '')?.[1];
  console.error(`\nThe download did not succeed${reason ? ` (${reason})` : ''}.\n`);
  return null;
}

function sayWhatToDo(): never {
  console.error(
    [
      "Electron's runtime is not on this machine and could not be downloaded.",
      '',
      '  Where the download is allowed (once): npx install-electron --no   then: npm start',
      '  Behind a proxy:                        ELECTRON_GET_USE_PROXY=1 HTTPS_PROXY=… npx install-electron --no',
      '  From your own mirror:                  ELECTRON_MIRROR=https://… npx install-electron --no',
      '  Where Electron cannot be had at all:   npm run try',
      '      (the same built app on its Electron stand-in, its windows in Chromium;',
      '       without a desktop: xvfb-run -a npm run try)',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const binary = electronBinary() ?? sayWhatToDo();
const child = spawn(binary, ['.'], { cwd: root, stdio: 'inherit', windowsHide: false });
child.on('error', (error) => {
  console.error(`\n${binary} could not be started: ${error.message}\n`);
  sayWhatToDo();
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
