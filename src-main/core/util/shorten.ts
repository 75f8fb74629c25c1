/** One line within `max` characters: cut at a word, with an ellipsis; the whole text lives elsewhere. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > 0 ? space : max - 1)}…`;
}

/** What notification centres show before cutting: a Windows toast about 120 characters of body, a one-line title. */
export const NOTIFICATION_TITLE_MAX = 64;
export const NOTIFICATION_BODY_MAX = 120;

/**
 * A desktop notification within what the platforms show: the catalogues put the important words
 * first, so a cut (a long server reason) loses the least; the panel or status window has the rest.
 */
export function fitNotification<T extends { title: string; body: string }>(notification: T): T {
  return {
    ...notification,
    title: shorten(notification.title, NOTIFICATION_TITLE_MAX),
    body: shorten(notification.body, NOTIFICATION_BODY_MAX),
  };
}
