/** Export: the user picks where; the file is written only there. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog } from 'electron';
import { safeFileName } from '../core/util/file-name.ts';

export async function saveWithDialog(suggestedName: string, content: string, kind: string): Promise<string | null> {
  const { canceled, filePath } = await dialog.showSaveDialog({
    // Only ever a name in the Downloads folder, whatever it was made of.
    defaultPath: join(app.getPath('downloads'), safeFileName(suggestedName)),
    filters: [{ name: kind, extensions: ['csv'] }],
  });
  if (canceled || !filePath) return null;
  await writeFile(filePath, content, 'utf8');
  return filePath;
}
