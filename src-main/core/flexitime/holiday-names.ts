/**
 * Holiday names date-holidays gets wrong in German or Spanish, put right for the regions of the
 * fleet (Germany and Spain), checked against an authority rather than the library itself: Spain's
 * official list of public holidays (BOE, "Resolución … por la que se publica la relación de fiestas
 * laborales para el año 2026", https://www.boe.es) for Spanish days, and the names Spanish usage
 * gives German days (the RAE's Diccionario panhispánico, Spanish Wikipedia's articles on each day).
 * A name is corrected only while the library still gives the wrong one, so a fixed library wins.
 * Reported upstream as docs/holiday-names-upstream.md says.
 */
interface Correction {
  country: string;
  language: 'de' | 'es';
  wrong: string;
  right: string;
}

const CORRECTIONS: readonly Correction[] = [
  // Ascension Day (Easter + 39): "La Asunción" is the Assumption, 15 August.
  { country: 'DE', language: 'es', wrong: 'La Asunción', right: 'Ascensión del Señor' },
  // Chile's holiday of 31 October, not Germany's.
  {
    country: 'DE',
    language: 'es',
    wrong: 'Día Nacional de las Iglesias Evangélicas y Protestantes',
    right: 'Día de la Reforma',
  },
  // Spain's Fiesta Nacional is 12 October; 3 October is Germany's.
  { country: 'DE', language: 'es', wrong: 'Fiesta Nacional', right: 'Día de la Unidad Alemana' },
  { country: 'DE', language: 'es', wrong: 'Buß- und Bettag', right: 'Día de Oración y Penitencia' },
  { country: 'DE', language: 'es', wrong: 'Weltkindertag', right: 'Día Mundial de la Infancia' },
  { country: 'DE', language: 'es', wrong: 'Día de la Mujer', right: 'Día Internacional de la Mujer' },
  // "Pascua" alone is the whole season; the day is Easter Sunday.
  { country: 'DE', language: 'es', wrong: 'Pascua', right: 'Domingo de Pascua' },
  { country: 'ES', language: 'es', wrong: 'Pascua', right: 'Domingo de Pascua' },
  // The BOE's own names.
  { country: 'ES', language: 'es', wrong: 'Día del Trabajador', right: 'Fiesta del Trabajo' },
  { country: 'ES', language: 'es', wrong: 'Asunción', right: 'Asunción de la Virgen' },
  { country: 'ES', language: 'es', wrong: 'La inmaculada concepción', right: 'Inmaculada Concepción' },
  { country: 'ES', language: 'es', wrong: 'Dia de Cataluña', right: 'Diada Nacional de Cataluña' },
  // An English name among the Spanish ones the German list keeps as they are.
  { country: 'ES', language: 'de', wrong: 'Canary Islands Day', right: 'Día de Canarias' },
];

/** The holiday's name as it should read in `language`, for a holiday of `country` ("DE"). */
export function correctHolidayName(country: string, language: string, name: string): string {
  const base = language.slice(0, 2);
  return CORRECTIONS.find((entry) => entry.country === country && entry.language === base && entry.wrong === name)?.right ?? name;
}
