/** Packaging cannot run here (it needs Electron's release download), so we check its inputs. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = new URL('../../', import.meta.url);
const config = parse(readFileSync(new URL('electron-builder.yml', root), 'utf8')) as Record<string, unknown> & {
  files: string[];
  mac: { extendInfo: Record<string, unknown> };
};
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('electron-builder.yml', () => {
  it('flips every fuse that hardens the binary', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
    expect(config.asar).toBe(true);
  });

  it('signs macOS builds with the hardened runtime and minimal entitlements', () => {
    const mac = config.mac as unknown as { hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
    expect(mac.hardenedRuntime).toBe(true);
    const entitlements = readFileSync(new URL(mac.entitlements, root), 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements).not.toMatch(
      /<key>[^<]*(disable-library-validation|get-task-allow|allow-dyld-environment-variables)<\/key>/,
    );
    expect(mac.entitlementsInherit).toBe(mac.entitlements);
  });

  it('builds a machine-wide MSI for IT and a per-user NSIS installer, a pkg for MDM, update feeds, and refuses unsigned releases', () => {
    const builder = config as unknown as {
      win: { target: string[] };
      nsis: { perMachine: boolean };
      msi: { perMachine: boolean; runAfterFinish?: boolean };
      mac: { target: string[] };
      publish: { provider: string; url: string };
    };
    expect(builder.win.target).toEqual(['nsis', 'msi']);
    expect([builder.nsis.perMachine, builder.msi.perMachine]).toEqual([false, true]);
    // A quiet install by Intune or SCCM runs as SYSTEM: the MSI never starts the app (it would live in session 0).
    expect(builder.msi.runAfterFinish).toBe(false);
    expect(builder.mac.target).toEqual(expect.arrayContaining(['pkg', 'zip']));
    expect(builder.publish.provider).toBe('generic');
    const scripts = (pkg as unknown as { scripts: Record<string, string> }).scripts;
    expect(scripts.release).toMatch(/-c\.forceCodeSigning=true/);
    expect(scripts.dist).not.toMatch(/forceCodeSigning/);
  });

  it('makes IT’s admin folder on a machine-wide install, owned and writable by administrators only (issue 45, point 3)', () => {
    // electron-builder includes installer.nsh from the build resources folder by itself.
    expect((config as unknown as { directories: { buildResources: string } }).directories.buildResources).toBe('assets');
    const script = readFileSync(new URL('assets/installer.nsh', root), 'utf8');
    expect(script).toMatch(/!macro customInstall[\s\S]*\$installMode == "all"/);
    expect(script).toContain('/setowner *S-1-5-32-544');
    expect(script).toContain('/inheritance:r /grant:r *S-1-5-18:(OI)(CI)F *S-1-5-32-544:(OI)(CI)F *S-1-5-32-545:(OI)(CI)RX');
  });

  it('ships the Windows policy reader’s own binaries, outside the asar, and runs no dependency’s install script (issue 46, point 12)', () => {
    const builder = config as unknown as { npmRebuild: boolean; asarUnpack: string[] };
    expect(builder.npmRebuild).toBe(false);
    expect(builder.asarUnpack).toContain('**/node_modules/native-reg/prebuilds/**');
    for (const arch of ['win32-x64', 'win32-ia32', 'win32-arm64']) {
      const folder = new URL(`node_modules/native-reg/prebuilds/${arch}/`, root);
      expect(
        readdirSync(folder).some((name) => name.endsWith('.node')),
        arch,
      ).toBe(true);
    }
    // Every dependency with an install script is decided, each said in docs/architecture.md.
    const allowScripts = (pkg as unknown as { allowScripts: Record<string, boolean> }).allowScripts;
    expect(allowScripts).toEqual({ esbuild: false, 'electron-winstaller': false, 'native-reg': false });
  });

  it('is valid against electron-builder’s own schema', () => {
    const schema = JSON.parse(readFileSync(new URL('node_modules/app-builder-lib/scheme.json', root), 'utf8')) as object;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(config) ? null : validate.errors).toBeNull();
  });

  it('packages the main bundle and the icons it loads, and hides the Dock icon on macOS', () => {
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'dist/**/*', 'assets/tray/**']));
    expect(pkg.main).toBe('dist/main/main.js');
    expect(config.mac.extendInfo.LSUIElement).toBe(true);
    const icons = ['mac', 'win', 'linux'].map((platform) => (config[platform] as { icon: string }).icon);
    expect(icons).toEqual(['assets/icon.png', 'assets/icon.ico', 'assets/icon.png']);
    for (const icon of icons) expect(existsSync(new URL(icon, root)), icon).toBe(true);
  });

  it('ships every package the main bundle imports as a dependency, and keeps electron a dev dependency', () => {
    const mainDir = new URL('dist/main/', root);
    if (!existsSync(new URL('main.js', mainDir)))
      throw new Error('dist/main/main.js is missing: run "npm run build" first (npm test does).');
    // The main process, the lookup worker and the chunks they share.
    const bundles = readdirSync(mainDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    // Static imports (minified: `import{a as b}from"undici";`) and those loaded when needed (`import(\`plist\`)`).
    const importsOf = (code: string) =>
      [...code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'`;()]*?from\s*)?["'`]([^"'`]+)["'`]|\bimport\(["'`]([^"'`]+)["'`]\)/g)].map(
        (match) => (match[1] ?? match[2])!,
      );
    const imported = bundles
      .flatMap((file) => importsOf(readFileSync(new URL(file, mainDir), 'utf8')))
      .filter((name) => !name.startsWith('node:') && !name.startsWith('.') && name !== 'electron')
      .map((name) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!));
    expect(imported.length).toBeGreaterThan(0);
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining([...new Set(imported)]));
    expect(pkg.devDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies.electron).toBeUndefined();
  });
});
