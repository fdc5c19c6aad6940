import type { SelectQueryBuilder } from 'kysely';
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

/**
 * Runs one page of `consulta` (its joins, filters, selection and ordering already set) and counts every row its
 * filters match, so each list pages the same way. The count reuses the same query without its selection and ordering,
 * which is only right while the query has no GROUP BY, DISTINCT or joins that multiply rows: keep such lists on their
 * own query.
 */
export async function paginarConsulta<DB, TB extends keyof DB, O>(
  consulta: SelectQueryBuilder<DB, TB, O>,
  pagina: { page: number; perPage: number },
) {
  const [filas, conteo] = await Promise.all([
    consulta
      .limit(pagina.perPage)
      .offset((pagina.page - 1) * pagina.perPage)
      .execute(),
    consulta
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      // The generic DB leaves TypeScript unable to simplify the selection; the one column is known.
      .$castTo<{ total: string }>()
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL's count is a bigint, which pg hands over as a string.
  return { filas, total: Number(conteo.total) };
}

/** Escapes LIKE wildcards (and the escape character itself) so a search for '50%' finds '50%' literally. */
export function escaparComodines(texto: string): string {
  return texto.replace(/[\\%_]/g, (c) => `\\${c}`);
}
