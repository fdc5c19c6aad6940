import { describe, expect, it } from 'vitest';
import { filtroSinAcentos } from './filtro-opciones';

const ciudades = [
  { value: '05001', label: 'Medellín' },
  { value: '11001', label: 'Bogotá, D.C.' },
  { value: '76001', label: 'Cali' },
];
const filtrar = (search: string, limit = 100) => filtroSinAcentos({ options: ciudades, search, limit }).map((opcion) => ('value' in opcion ? opcion.value : opcion.group));

describe('filtroSinAcentos', () => {
  it('finds options whatever the accents and case typed', () => {
    expect(filtrar('medellin')).toEqual(['05001']);
    expect(filtrar('MEDELLÍN')).toEqual(['05001']);
    expect(filtrar('bogota d.c')).toEqual(['11001']);
  });

  it('keeps every option for an empty search, up to the limit', () => {
    expect(filtrar('')).toEqual(['05001', '11001', '76001']);
    expect(filtrar('', 2)).toEqual(['05001', '11001']);
  });

  it('filters inside groups and drops empty groups', () => {
    const resultado = filtroSinAcentos({
      options: [
        { group: 'Antioquia', items: ciudades.slice(0, 1) },
        { group: 'Valle', items: ciudades.slice(2) },
      ],
      search: 'medellin',
      limit: 10,
    });
    expect(resultado).toEqual([{ group: 'Antioquia', items: [ciudades[0]] }]);
  });
});
