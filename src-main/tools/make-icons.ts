/**
 * Renders every icon from the SVG sources in assets/source with resvg (`npm run icons`):
 * tray icons for each clock × health state at 1x and 2x, macOS template variants, the app icon.
 * The outputs are committed so that building needs neither network nor this script.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import pngToIco from 'png-to-ico';
import {
  clockGlyphs,
  contrastIconFile,
  healthBadges,
  trayContrasts,
  trayIconFile,
  trayTemplateFile,
} from '../core/tray/tray-icon.ts';
import type { HealthBadge } from '../shared/domain/health.ts';

const assets = new URL('../../assets/', import.meta.url);
const source = (name: string) => readFileSync(new URL(`source/${name}`, assets), 'utf8');

function render(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}
function write(path: string, png: Buffer): void {
  writeFileSync(new URL(path, assets), png);
  console.log(`assets/${path} (${png.length} bytes)`);
}
// Each health has its own shape as well as its colour, for colour-blind eyes: a dot when up, a
// triangle when unstable, a crossed square when down, a hollow ring when unknown.
const withBadge = (glyph: string, health: HealthBadge) => glyph.replace('</svg>', `${source(`badge-${health}.svg`)}</svg>`);

mkdirSync(new URL('tray/', assets), { recursive: true });
for (const clock of clockGlyphs) {
  const glyph = source(`clock-${clock}.svg`);
  for (const health of healthBadges) {
    const svg = withBadge(glyph, health);
    const file = trayIconFile(clock, health);
    write(`tray/${file}`, render(svg, 16));
    write(`tray/${file.replace('.png', '@2x.png')}`, render(svg, 32));
    // Contrast themes: white parts become the taskbar's colour, every other colour the theme's text.
    for (const contrast of trayContrasts) {
      const [text, ground] = contrast === 'dark' ? ['#ffffff', '#000000'] : ['#000000', '#ffffff'];
      const mono = svg.replace(/#[0-9a-f]{6}\b/gi, (colour) => (colour.toLowerCase() === '#ffffff' ? ground : text));
      const monoFile = contrastIconFile(file, contrast);
      write(`tray/${monoFile}`, render(mono, 16));
      write(`tray/${monoFile.replace('.png', '@2x.png')}`, render(mono, 32));
    }
  }
  const template = trayTemplateFile(clock);
  const templateSvg = source(`clock-${clock}-template.svg`);
  write(`tray/${template}`, render(templateSvg, 16));
  write(`tray/${template.replace('.png', '@2x.png')}`, render(templateSvg, 32));
}
write('icon.png', render(source('app.svg'), 512));
// Windows wants one .ico holding the sizes it picks from (taskbar, Explorer, installer).
write('icon.ico', await pngToIco([16, 24, 32, 48, 64, 128, 256].map((size) => render(source('app.svg'), size))));
