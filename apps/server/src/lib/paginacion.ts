import { sql, type SelectQueryBuilder } from 'kysely';
import type { DireccionOrden, Pagina } from '@tablero/domain';

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

/** The rows a page asks for: `limite` rows after the first `desde` (page 1 starts at 0). */
export function limitesPagina(pagina: { page: number; perPage: number }): { desde: number; limite: number } {
  return { desde: (pagina.page - 1) * pagina.perPage, limite: pagina.perPage };
}

/** `limit … offset …` of a page, for a list written as one SQL text (its own joins, laterals or aggregates). */
export function sqlPagina(pagina: { page: number; perPage: number }) {
  const { desde, limite } = limitesPagina(pagina);
  return sql`limit ${limite} offset ${desde}`;
}

/**
 * Runs one page of `consulta` (its joins, filters, selection and ordering already set) and counts every row its
 * filters match, so each list pages the same way. The count reuses the same query without its selection and ordering,
 * which is only right while the query has no GROUP BY, DISTINCT or joins that multiply rows: such a list, or one whose
 * joins only name things, passes `conteo`, the same rows without them, to be counted instead.
 */
export async function paginarConsulta<DB, TB extends keyof DB, O, DBC = DB, TBC extends keyof DBC = keyof DBC, OC = unknown>(
  consulta: SelectQueryBuilder<DB, TB, O>,
  pagina: { page: number; perPage: number },
  conteo?: SelectQueryBuilder<DBC, TBC, OC>,
) {
  const { desde, limite } = limitesPagina(pagina);
  const [filas, total] = await Promise.all([consulta.limit(limite).offset(desde).execute(), conteo ? contarFilas(conteo) : contarFilas(consulta)]);
  return { filas, total };
}

/** How many rows `consulta` selects (its selection and ordering dropped). */
export async function contarFilas<DB, TB extends keyof DB, O>(consulta: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const conteo = await consulta
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    // The generic DB leaves TypeScript unable to simplify the selection; the one column is known.
    .$castTo<{ total: string }>()
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg hands over as a string.
  return Number(conteo.total);
}

/** Escapes LIKE wildcards (and the escape character itself) so a search for '50%' finds '50%' literally. */
export function escaparComodines(texto: string): string {
  return texto.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Sorts a list by the column the user chose (`orden`, already checked against the list's own names by
 * consultaListaSchema), then by `desempate` (a unique column) so pages never repeat or skip a row between
 * equal values; empty values go last either way. Without a chosen column the list keeps `porDefecto`.
 * `columnas` maps each name the screen may send to the SQL column it sorts by: nothing else reaches ORDER BY.
 */
export function ordenarLista<DB, TB extends keyof DB, O, C extends string>(
  consulta: SelectQueryBuilder<DB, TB, O>,
  columnas: Record<C, string>,
  pedido: { orden?: C | undefined; direccion: DireccionOrden },
  desempate: string,
  porDefecto: (consulta: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  if (!pedido.orden) return porDefecto(consulta);
  const direccion = pedido.direccion === 'desc' ? sql`desc` : sql`asc`;
  return consulta
    .orderBy(sql`${sql.ref(columnas[pedido.orden])} ${direccion} nulls last`)
    .orderBy(sql`${sql.ref(desempate)} ${direccion}`);
}
