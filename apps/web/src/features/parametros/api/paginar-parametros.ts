import type { Pagina, Parametro } from '@tablero/domain';
import { paginarEnCliente } from '@/lib/paginar-en-cliente';
import type { ParametrosLista } from '@/lib/estado-lista';

/** The columns the parameters list sorts by. */
export type OrdenParametro = 'codigo_parametro' | 'valor_parametro';

/**
 * One page of the parameters as the screen asks for it (search in code and value without accents or case, sort,
 * page size), cut here from the whole list: the spec's call answers every parameter, a few dozen rows.
 */
export function paginarParametros(todos: Parametro[], consulta: ParametrosLista<OrdenParametro>): Pagina<Parametro> {
  return paginarEnCliente(todos, consulta, {
    textos: (parametro) => [parametro.codigo_parametro, parametro.valor_parametro],
    columnas: { codigo_parametro: (parametro) => parametro.codigo_parametro, valor_parametro: (parametro) => parametro.valor_parametro },
    desempate: (parametro) => parametro.codigo_parametro,
  });
}
