import { sinAcentos, type Pagina } from '@tablero/domain';
import type { ParametrosLista } from './estado-lista';

interface Reglas<T, C extends string> {
  /** The texts of a row the search looks in (without accents or case). */
  textos: (fila: T) => (string | null | undefined)[];
  /** The value each sortable column sorts by. */
  columnas: Record<C, (fila: T) => string | number>;
  /** A unique value that orders equal rows, so a page never repeats or skips one. */
  desempate: (fila: T) => string | number;
}

function comparar(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'es');
}

/**
 * One page of a list the server answers whole (parameters, pending tasks), as TablaPaginada shows a server page:
 * searched without accents or case, sorted by a declared column with a tie-break, cut to the page size. A page
 * past the end (the list shrank) shows the last one.
 */
export function paginarEnCliente<T, C extends string>(todas: T[], consulta: ParametrosLista<C>, reglas: Reglas<T, C>): Pagina<T> {
  const texto = sinAcentos(consulta.query ?? '');
  const filtradas = texto ? todas.filter((fila) => reglas.textos(fila).some((valor) => valor && sinAcentos(valor).includes(texto))) : todas;
  const { orden } = consulta;
  const signo = consulta.direccion === 'desc' ? -1 : 1;
  const ordenadas = orden
    ? [...filtradas].sort((a, b) => signo * (comparar(reglas.columnas[orden](a), reglas.columnas[orden](b)) || comparar(reglas.desempate(a), reglas.desempate(b))))
    : filtradas;
  const ultima = Math.max(1, Math.ceil(ordenadas.length / consulta.per_page));
  const actual = Math.min(consulta.page, ultima);
  return {
    data: ordenadas.slice((actual - 1) * consulta.per_page, actual * consulta.per_page),
    current_page: actual,
    last_page: ultima,
    per_page: consulta.per_page,
    total: ordenadas.length,
  };
}
