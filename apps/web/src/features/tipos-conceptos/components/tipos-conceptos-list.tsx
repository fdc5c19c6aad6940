import { useState } from 'react';
import type { OrdenTipoConcepto, TipoConcepto } from '@tablero/domain';
import { BotonEditar, PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useTiposConceptos } from '../api/get-tipos-conceptos';
import { TipoConceptoFormModal } from './tipo-concepto-form-modal';

const COLUMNAS: Columna<TipoConcepto, OrdenTipoConcepto>[] = [
  { titulo: 'Nombre', orden: 'nombre_tipo_concepto', ajustar: true, celda: (tipoConcepto) => tipoConcepto.nombre_tipo_concepto },
];

/** Concept types screen (spec 002 §2.14): name and edit, paged by the server. */
export function TiposConceptosList() {
  const lista = useEstadoLista<OrdenTipoConcepto>();
  const consulta = useTiposConceptos(lista.parametros);
  const [formulario, setFormulario] = useState<{ abierto: boolean; tipoConcepto: TipoConcepto | null }>({ abierto: false, tipoConcepto: null });

  return (
    <PantallaLista
      titulo="Tipos de conceptos"
      descripcion="Conceptos de los pagos a proveedores."
      crear={{ texto: 'Crear tipo concepto', onClick: () => setFormulario({ abierto: true, tipoConcepto: null }) }}
      anchoMaximo={760}
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(tipoConcepto) => tipoConcepto.id}
      buscador={{ placeholder: 'Nombre del tipo de concepto' }}
      anchoMinimo={400}
      acciones={{
        celda: (tipoConcepto) => (
          <BotonEditar nombre={tipoConcepto.nombre_tipo_concepto} onClick={() => setFormulario({ abierto: true, tipoConcepto })} />
        ),
      }}
    >
      <TipoConceptoFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        tipoConcepto={formulario.tipoConcepto}
      />
    </PantallaLista>
  );
}
