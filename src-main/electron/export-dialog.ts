/** Export: the user picks where; the file is written only there. */
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { app, dialog } from 'electron';
import { safeFileName } from '../core/util/file-name.ts';

export async function saveWithDialog(suggestedName: string, content: string | Uint8Array, kind: string): Promise<string | null> {
  const { canceled, filePath } = await dialog.showSaveDialog({
    // Only ever a name in the Downloads folder, whatever it was made of.
    defaultPath: join(app.getPath('downloads'), safeFileName(suggestedName)),
    // The type the name ends in: "csv" for the lookup and My hours, "ics" for shifts as a calendar.
    filters: [{ name: kind, extensions: [extname(suggestedName).slice(1) || 'csv'] }],
  });
  if (canceled || !filePath) return null;
  await (typeof content === 'string' ? writeFile(filePath, content, 'utf8') : writeFile(filePath, content));
  return filePath;
}
