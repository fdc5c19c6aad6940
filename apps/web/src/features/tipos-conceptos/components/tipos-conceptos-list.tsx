import { useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { OrdenTipoConcepto, TipoConcepto } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
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
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Tipos de conceptos"
        descripcion="Conceptos de los pagos a proveedores."
        acciones={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormulario({ abierto: true, tipoConcepto: null })}>
            Crear tipo concepto
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="sm" maw={760}>
        <TablaPaginada
          etiqueta="Tipos de conceptos"
          lista={lista}
          consulta={consulta}
          columnas={COLUMNAS}
          claveFila={(tipoConcepto) => tipoConcepto.id}
          buscador={{ placeholder: 'Nombre del tipo de concepto' }}
          anchoMinimo={400}
          acciones={{
            celda: (tipoConcepto) => (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPencil size={14} />}
                onClick={() => setFormulario({ abierto: true, tipoConcepto })}
                aria-label={`Editar ${tipoConcepto.nombre_tipo_concepto}`}
              >
                Editar
              </Button>
            ),
          }}
        />
      </Paper>
      <TipoConceptoFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        tipoConcepto={formulario.tipoConcepto}
      />
    </Stack>
  );
}
