import { useState } from 'react';
import type { Maquina, OrdenMaquina } from '@tablero/domain';
import { BotonEditar, PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useMaquinas } from '../api/get-maquinas';
import { EstadoMaquinaBadge } from './estado-maquina-badge';
import { MaquinaFormModal } from './maquina-form-modal';

const COLUMNAS: Columna<Maquina, OrdenMaquina>[] = [
  { titulo: 'ID', orden: 'id', ancho: 80, alineacion: 'right', celda: (maquina) => maquina.id },
  { titulo: 'Referencia', orden: 'referencia', ancho: 150, celda: (maquina) => maquina.referencia },
  { titulo: 'Nombre máquina', orden: 'nombre_maquina', ajustar: true, celda: (maquina) => maquina.nombre_maquina },
  { titulo: 'Grupo servicio', orden: 'nombre_grupo_servicio', ancho: 200, celda: (maquina) => maquina.nombre_grupo_servicio },
  {
    titulo: 'Estado',
    orden: 'nombre_estado_maquina',
    ancho: 180,
    celda: (maquina) => <EstadoMaquinaBadge estadoId={maquina.estado_maquina_id} nombre={maquina.nombre_estado_maquina} />,
  },
];

/**
 * Machines screen (spec 002 §2.19): ID, reference, name, service group, state badge and edit; paged by the server,
 * with Anterior shown only past page 1 and Siguiente only before the last (the default pager).
 */
export function MaquinasList() {
  const lista = useEstadoLista<OrdenMaquina>();
  const consulta = useMaquinas(lista.parametros);
  const [formulario, setFormulario] = useState<{ abierto: boolean; maquina: Maquina | null }>({ abierto: false, maquina: null });

  return (
    <PantallaLista
      titulo="Máquinas"
      descripcion="Máquinas de producción por grupo de servicio."
      crear={{ texto: 'Agregar máquina', onClick: () => setFormulario({ abierto: true, maquina: null }) }}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(maquina) => maquina.id}
      buscador={{ placeholder: 'Referencia o nombre de la máquina' }}
      anchoMinimo={800}
      acciones={{
        celda: (maquina) => (
          <BotonEditar nombre={maquina.referencia} onClick={() => setFormulario({ abierto: true, maquina })} />
        ),
      }}
    >
      <MaquinaFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        maquina={formulario.maquina}
      />
    </PantallaLista>
  );
}
