/**
 * A window's own page on paper or as a PDF, as its print styles show it (My time prints the month's
 * record alone): Electron's `webContents.printToPDF` and `webContents.print`.
 */
import type { WindowManager } from './window-manager.ts';

export function pagePrinting(windows: Pick<WindowManager, 'contentsOf'>) {
  return {
    async pagePdf(name: 'hours'): Promise<Uint8Array> {
      const contents = windows.contentsOf(name);
      if (!contents) throw new Error(`The ${name} window is not open.`);
      return contents.printToPDF({ pageSize: 'A4', printBackground: false });
    },
    printPage(name: 'hours'): void {
      windows.contentsOf(name)?.print({ silent: false, printBackground: false });
    },
  };
}
