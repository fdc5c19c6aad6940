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

/** The page sizes a list offers (the first is FILAS_POR_PAGINA, every list's default). */
export const TAMANOS_PAGINA = [FILAS_POR_PAGINA, 25, 50, 100] as const;
export type TamanoPagina = (typeof TAMANOS_PAGINA)[number];
export const MENSAJE_TAMANO_PAGINA = `El tamaño de página debe ser ${TAMANOS_PAGINA.join(', ')}`;

/** `per_page` of a list's query string: one of TAMANOS_PAGINA, FILAS_POR_PAGINA when absent. */
export const tamanoPaginaSchema = z.coerce
  .number({ error: MENSAJE_TAMANO_PAGINA })
  .refine((valor): valor is TamanoPagina => (TAMANOS_PAGINA as readonly number[]).includes(valor), MENSAJE_TAMANO_PAGINA)
  .default(FILAS_POR_PAGINA);

export const DIRECCIONES_ORDEN = ['asc', 'desc'] as const;
export type DireccionOrden = (typeof DIRECCIONES_ORDEN)[number];

/** How a list is sorted: one of its sortable columns and a direction. */
export interface OrdenLista<C extends string = string> {
  orden: C;
  direccion: DireccionOrden;
}

/**
 * Query of a server-paged list whose columns can be sorted: `page`, `query`, `per_page` (TAMANOS_PAGINA) and
 * `orden`/`direccion`, where `orden` must be one of the list's `columnas` (anything else is a 422, so a repository
 * only ever sorts by a column it declared). Without `orden` the list keeps its own default order.
 */
export function consultaListaSchema<C extends string>(columnas: readonly [C, ...C[]]) {
  return consultaPaginadaSchema.extend({
    per_page: tamanoPaginaSchema,
    orden: z.enum(columnas, { error: 'La columna de orden no existe en esta lista' }).optional(),
    direccion: z.enum(DIRECCIONES_ORDEN, { error: 'La dirección de orden debe ser asc o desc' }).default('asc'),
  });
}

/** A list query as the routes receive it once consultaListaSchema has read it. */
export interface ConsultaLista<C extends string = string> {
  page: number;
  per_page: TamanoPagina;
  query?: string | undefined;
  orden?: C | undefined;
  direccion: DireccionOrden;
}
