import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { sinAcentos } from '@tablero/domain';

/**
 * The filter of every searchable select: accents and case do not matter ('medellin' finds Medellín, 'bogota'
 * Bogotá), and every typed word must appear in the option. Mantine's own filter compares accents as typed.
 */
export const filtroSinAcentos: OptionsFilter = ({ options, search, limit }) => {
  const palabras = sinAcentos(search).split(/\s+/).filter(Boolean);
  if (palabras.length === 0) return options.slice(0, limit);
  const coincide = (opcion: ComboboxItem) => {
    const etiqueta = sinAcentos(opcion.label);
    return palabras.every((palabra) => etiqueta.includes(palabra));
  };
  const resultado: ComboboxParsedItem[] = [];
  for (const opcion of options) {
    if (resultado.length >= limit) break;
    if ('group' in opcion) {
      const items = opcion.items.filter(coincide);
      if (items.length > 0) resultado.push({ group: opcion.group, items });
    } else if (coincide(opcion)) {
      resultado.push(opcion);
    }
  }
  return resultado;
};
