/** One line within `max` characters: cut at a word, with an ellipsis; the whole text lives elsewhere. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > 0 ? space : max - 1)}…`;
}
