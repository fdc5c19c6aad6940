import { sinAcentos, type Pagina, type Parametro } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';

/** The columns the parameters list sorts by. */
export type OrdenParametro = 'codigo_parametro' | 'valor_parametro';

/**
 * One page of the parameters as the screen asks for it (search in code and value without accents or case, sort,
 * page size), cut here from the whole list: the spec's call answers every parameter, a few dozen rows.
 */
export function paginarParametros(todos: Parametro[], consulta: ParametrosLista<OrdenParametro>): Pagina<Parametro> {
  const texto = sinAcentos(consulta.query ?? '');
  const filtrados = texto
    ? todos.filter((parametro) => sinAcentos(parametro.codigo_parametro).includes(texto) || sinAcentos(parametro.valor_parametro).includes(texto))
    : todos;
  const columna = consulta.orden;
  const signo = consulta.direccion === 'desc' ? -1 : 1;
  const ordenados = columna
    ? [...filtrados].sort(
        (a, b) => signo * (a[columna].localeCompare(b[columna], 'es') || a.codigo_parametro.localeCompare(b.codigo_parametro, 'es')),
      )
    : filtrados;
  const ultima = Math.max(1, Math.ceil(ordenados.length / consulta.per_page));
  // A page past the end (the list shrank after a search elsewhere) shows the last one, as the screen did before.
  const actual = Math.min(consulta.page, ultima);
  return {
    data: ordenados.slice((actual - 1) * consulta.per_page, actual * consulta.per_page),
    current_page: actual,
    last_page: ultima,
    per_page: consulta.per_page,
    total: ordenados.length,
  };
}
