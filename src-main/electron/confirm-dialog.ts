/**
 * A question only the person at the keyboard can answer: the operating system's own message box,
 * which no window's script can click. The safe answer is the default and what Esc chooses.
 */
import { dialog } from 'electron';

export async function confirmWithDialog(question: {
  message: string;
  detail: string;
  confirm: string;
  cancel: string;
}): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    message: question.message,
    detail: question.detail,
    buttons: [question.cancel, question.confirm],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  return response === 1;
}
