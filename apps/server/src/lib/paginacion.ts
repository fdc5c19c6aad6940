import type { Pagina } from '@tablero/domain';

/** Builds the paged answer of ARCHITECTURE §4 from one page of rows and the total count. */
export function paginar<T>(data: T[], total: number, page: number, perPage: number): Pagina<T> {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/** Escapes LIKE wildcards (and the escape character itself) so a search for '50%' finds '50%' literally. */
export function escaparComodines(texto: string): string {
  return texto.replace(/[\\%_]/g, (c) => `\\${c}`);
}
