/**
 * Issue 63, point 5: holiday names in German and Spanish as an authority has them (the BOE for
 * Spain's days, Spanish usage for Germany's), not as date-holidays wrote them.
 */
import { describe, expect, it } from 'vitest';
import { holidayCalendar } from './public-holidays.ts';

const nameOn = (region: string, language: string, day: string) => holidayCalendar(region, language)!.holidayOn(day);

describe('holiday names', () => {
  it('names Germany’s days in Spanish as Spanish speakers do', () => {
    expect(nameOn('DE-BY', 'es', '2026-05-14')).toBe('Ascensión del Señor');
    expect(nameOn('DE-SL', 'es', '2026-08-15')).toBe('Asunción');
    expect(nameOn('DE-BY', 'es', '2026-10-03')).toBe('Día de la Unidad Alemana');
    expect(nameOn('DE-SN', 'es', '2026-10-31')).toBe('Día de la Reforma');
    expect(nameOn('DE-SN', 'es', '2026-11-18')).toBe('Día de Oración y Penitencia');
    expect(nameOn('DE-TH', 'es', '2026-09-20')).toBe('Día Mundial de la Infancia');
    expect(nameOn('DE-BE', 'es', '2026-03-08')).toBe('Día Internacional de la Mujer');
    expect(nameOn('DE-BB', 'es', '2026-04-05')).toBe('Domingo de Pascua');
  });

  it('names Spain’s days as the BOE does', () => {
    expect(nameOn('ES-MD', 'es', '2026-05-01')).toBe('Fiesta del Trabajo');
    expect(nameOn('ES-MD', 'es', '2026-08-15')).toBe('Asunción de la Virgen');
    expect(nameOn('ES-MD', 'es', '2026-12-08')).toBe('Inmaculada Concepción');
    expect(nameOn('ES-CT', 'es', '2026-09-11')).toBe('Diada Nacional de Cataluña');
    expect(nameOn('ES-CN', 'de', '2026-05-30')).toBe('Día de Canarias');
  });

  it('leaves right names and other countries as the library has them', () => {
    expect(nameOn('DE-BY', 'de', '2026-05-14')).toBe('Christi Himmelfahrt');
    expect(nameOn('DE-BY', 'en', '2026-05-14')).toBe('Ascension Day');
    expect(nameOn('CL', 'es', '2026-10-31')).toBe('Día Nacional de las Iglesias Evangélicas y Protestantes');
  });
});
