import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { clavesParametros } from '@/features/parametros';
import { raicesConsulta } from '@/lib/claves-consulta';
import { clavesProductos } from './claves';

/** Fills a cache with these keys, invalidates `prefijo` and answers which keys went stale. */
async function invalidadas(claves: QueryKey[], prefijo: QueryKey): Promise<QueryKey[]> {
  const cliente = new QueryClient();
  for (const clave of claves) cliente.setQueryData(clave, 1);
  await cliente.invalidateQueries({ queryKey: prefijo });
  return claves.filter((clave) => cliente.getQueryState(clave)?.isInvalidated);
}

describe('query keys of productos', () => {
  const lista = clavesProductos.lista({ page: 1 });
  const gruposTableros = clavesParametros.codigo('LISTA_GRUPOS_TABLEROS');
  const grupos = clavesProductos.listas.grupos();

  it('keep the lookups and the board-groups parameter at their former values', () => {
    expect(grupos).toEqual(['listas', 'grupos']);
    expect(clavesProductos.listas.lineas(3)).toEqual(['listas', 'lineas', 3]);
    expect(clavesProductos.listas.proveedores()).toEqual(['listas', 'proveedores-productos']);
    expect(gruposTableros).toEqual(['parametros', 'LISTA_GRUPOS_TABLEROS']);
  });

  it('a product save refreshes its queries, not the lookups, the parameters nor the inventory', async () => {
    const propias = [lista, clavesProductos.detalle(7), clavesProductos.serviciosEspeciales()];
    const ajenas = [grupos, gruposTableros, [...raicesConsulta.inventario, 'lista', { page: 1, per_page: 25 }]];
    expect(await invalidadas([...propias, ...ajenas], clavesProductos.todas)).toEqual(propias);
  });

  it('a parameter save refreshes the parameters list and the board groups', async () => {
    const claves = [clavesParametros.lista(), gruposTableros, lista];
    expect(await invalidadas(claves, clavesParametros.todas)).toEqual([clavesParametros.lista(), gruposTableros]);
  });
});
