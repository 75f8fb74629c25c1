/** A text cut where it names one of `links`, each piece marked: only the addresses asked for become links. */
export function linkedParts(text: string, links: ReadonlyArray<string | undefined>): Array<{ text: string; link: boolean }> {
  const wanted = links.filter((link): link is string => typeof link === 'string' && link.startsWith('https://'));
  const parts: Array<{ text: string; link: boolean }> = [];
  let rest = text;
  for (;;) {
    const found = wanted
      .map((link) => ({ link, at: rest.indexOf(link) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!found) break;
    if (found.at > 0) parts.push({ text: rest.slice(0, found.at), link: false });
    parts.push({ text: found.link, link: true });
    rest = rest.slice(found.at + found.link.length);
  }
  if (rest !== '') parts.push({ text: rest, link: false });
  return parts;
}
