import { useState } from 'react';
import { Text } from '@mantine/core';
import type { Parametro } from '@tablero/domain';
import { BotonEditar, PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useParametrosPagina, type OrdenParametro } from '../api/get-parametros';
import { ParametroFormModal } from './parametro-form-modal';

const COLUMNAS: Columna<Parametro, OrdenParametro>[] = [
  {
    titulo: 'Código parámetro',
    orden: 'codigo_parametro',
    ancho: 320,
    celda: (parametro) => (
      <Text size="sm" ff="monospace" fw={500} style={{ wordBreak: 'break-word' }}>
        {parametro.codigo_parametro}
      </Text>
    ),
  },
  {
    titulo: 'Valor parámetro',
    orden: 'valor_parametro',
    ajustar: true,
    celda: (parametro) => <span style={{ whiteSpace: 'pre-wrap' }}>{parametro.valor_parametro}</span>,
  },
];

/**
 * Parameters screen (spec 001): 10 rows a page by default and the pager with at most 5 page links plus first and
 * last (§9), with add and edit. The spec's call answers the whole list, so it is searched, sorted and paged here.
 */
export function ParametrosList() {
  const lista = useEstadoLista<OrdenParametro>();
  const consulta = useParametrosPagina(lista.parametros);
  // The parameter stays while the modal closes, so its title does not flip during the transition.
  const [formulario, setFormulario] = useState<{ abierto: boolean; parametro: Parametro | null }>({ abierto: false, parametro: null });

  return (
    <PantallaLista
      titulo="Parámetros"
      descripcion="Valores de configuración que usa la aplicación."
      crear={{ texto: 'Agregar parámetro', onClick: () => setFormulario({ abierto: true, parametro: null }) }}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(parametro) => parametro.codigo_parametro}
      buscador={{ placeholder: 'Código o valor del parámetro' }}
      anchoMinimo={600}
      variantePaginador="enlaces"
      acciones={{
        ancho: 110,
        celda: (parametro) => (
          <BotonEditar nombre={parametro.codigo_parametro} onClick={() => setFormulario({ abierto: true, parametro })} />
        ),
      }}
    >
      <ParametroFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        parametro={formulario.parametro}
      />
    </PantallaLista>
  );
}
