/**
 * `npm start` after the build: runs the app in Electron. Electron's package downloads its runtime on
 * first use; where that download cannot happen (no internet, a proxy, a CI image) this says what to
 * do instead of leaving the package's own "failed to install correctly".
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function electronBinary(): string | null {
  try {
    // The package's main export is the runtime's path; it tries the download first when missing.
    return createRequire(import.meta.url)('electron') as string;
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    return null;
  }
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
