/**
 * Who the app is to Windows. A toast is shown, titled, grouped and governed by the user's per-app
 * switch only when the process's AppUserModelID equals the one on the Start-menu shortcut, which
 * electron-builder writes from `appId` (electron #10864, electron-builder #2700); its buttons and
 * Action Center clicks reach the app after the toast left — or after a restart — only through the
 * toast activator CLSID, set before the AUMID and carried by the same shortcut (`app.
 * setToastActivatorCLSID`, shortcut property System.AppUserModel.ToastActivatorCLSID). Neither may
 * ever change: Windows keys the user's notification settings by the AUMID.
 */

/** electron-builder.yml's `appId` (a test keeps them equal). */
export const APP_USER_MODEL_ID = 'com.timeclocktray.app';
/** Made once for this app; a new one would orphan every shortcut already installed. */
export const TOAST_ACTIVATOR_CLSID = '{6F1B7C52-3A8E-4D2B-9C41-58E2A7D3B9F0}';

/** What a toast says when it is clicked or a button pressed: the app routes it, also after a restart. */
export type ToastAction = 'open' | 'clock-out' | 'undo' | 'take-break' | 'back-from-break' | 'acknowledge';
const ACTIONS: readonly ToastAction[] = ['open', 'clock-out', 'undo', 'take-break', 'back-from-break', 'acknowledge'];
/** Which window a plain click opens. */
export type ToastTarget = 'panel' | 'status' | 'hours' | 'lookup' | 'settings';
const TARGETS: readonly ToastTarget[] = ['panel', 'status', 'hours', 'lookup', 'settings'];

const PREFIX = 'timeclock-tray:';

/** The activation arguments of a toast's click or button: `timeclock-tray:<action>:<target>`. */
export const toastArguments = (action: ToastAction, target: ToastTarget) => `${PREFIX}${action}:${target}`;

/**
 * What an activation asks for, from the arguments Windows hands back; null for anything else (an
 * old toast of another version, a forged launch): then nothing is done but opening the panel.
 */
export function toastActivation(args: string): { action: ToastAction; target: ToastTarget } | null {
  if (!args.startsWith(PREFIX)) return null;
  const [action, target] = args.slice(PREFIX.length).split(':');
  return ACTIONS.includes(action as ToastAction) && TARGETS.includes(target as ToastTarget)
    ? { action: action as ToastAction, target: target as ToastTarget }
    : null;
}

/**
 * Characters XML 1.0 does not allow at all, escaped or not (its Char production): C0 controls other
 * than tab and line breaks, lone surrogates, U+FFFE and U+FFFF. A service's words may hold them, and
 * one of them makes Windows refuse the whole toast: they are left out.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const xmlText = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * A toast as Windows reads it (ToastGeneric): the click's and the button's arguments say what to do,
 * so an activation routes the same whether the toast is still in memory, in the Action Center, or
 * the app was restarted. `silent`: no sound (audio element), as Electron's own toasts do.
 */
export function toastXml(toast: {
  title: string;
  body: string;
  silent: boolean;
  target: ToastTarget;
  button?: { label: string; action: Exclude<ToastAction, 'open'> };
}): string {
  const { button, target } = toast;
  const actions = button
    ? `<actions><action content="${xmlText(button.label)}" arguments="${xmlText(toastArguments(button.action, target))}" activationType="foreground"/></actions>`
    : '';
  return (
    `<toast launch="${xmlText(toastArguments('open', target))}" activationType="foreground">` +
    `<visual><binding template="ToastGeneric"><text>${xmlText(toast.title)}</text><text>${xmlText(toast.body)}</text></binding></visual>` +
    actions +
    (toast.silent ? '<audio silent="true"/>' : '') +
    '</toast>'
  );
}
