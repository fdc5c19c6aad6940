import { z } from 'zod';
import { paginaConsultaSchema } from './limites';

/** Rows a page of every paged list shows (server lists and the screens paged on the client alike). */
export const FILAS_POR_PAGINA = 10;

/** Longest search text of a list. */
export const BUSQUEDA_MAXIMA = 200;
export const MENSAJE_BUSQUEDA_LARGA = `La búsqueda admite hasta ${BUSQUEDA_MAXIMA} caracteres`;

/** The search text of a list's query string (`query`), trimmed. */
export const busquedaSchema = z.string().trim().max(BUSQUEDA_MAXIMA, MENSAJE_BUSQUEDA_LARGA).optional();

/** Query of a paged list: `page` from 1 to PAGINA_MAXIMA, optional search text `query`. */
export const consultaPaginadaSchema = z.object({
  page: paginaConsultaSchema,
  query: busquedaSchema,
});

/** A page of a list, as every paged answer carries it under the key the spec names (ARCHITECTURE §4). */
export function paginaSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export interface Pagina<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
