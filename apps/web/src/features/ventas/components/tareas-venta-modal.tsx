import { useState } from 'react';
import { Loader, Stack, Text, TextInput } from '@mantine/core';
import { DESCRIPCION_TAREA_MAXIMA, MENSAJES_TAREA } from '@tablero/domain';
import { FilaAgregar } from '@/components/fila-agregar';
import { ModalFormulario } from '@/components/modal-formulario';
import { TEXTO_SIN_DATOS } from '@/components/tabla-paginada';
import { notificarAviso, notificarExito } from '@/lib/notificaciones';
import { useCrearTarea, useTareasVenta } from '../api/tareas';
import { TareaGuardada } from './tarea-guardada';

interface TareasVentaModalProps {
  /** The sale whose tasks are shown; none: the dialog is closed. */
  ventaId: number | null;
  onClose: () => void;
}

/**
 * The tasks of one sale (spec 000 §2.9): a field for a new task and the list, each with its observation and a
 * completed toggle; every change saves at once with its observation (§4.2).
 */
export function TareasVentaModal({ ventaId, onClose }: TareasVentaModalProps) {
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onClose} titulo={`Tareas del pedido ${ventaId ?? ''}`} size="lg" soloLectura>
      {ventaId !== null ? <TareasVenta key={ventaId} ventaId={ventaId} /> : null}
    </ModalFormulario>
  );
}

function TareasVenta({ ventaId }: { ventaId: number }) {
  const consulta = useTareasVenta(ventaId);
  const crear = useCrearTarea();
  const [descripcion, setDescripcion] = useState('');

  const agregar = async () => {
    if (crear.isPending) return;
    if (!descripcion.trim()) {
      notificarAviso(MENSAJES_TAREA.descripcion);
      return;
    }
    notificarExito(await crear.mutateAsync({ venta_id: ventaId, descripcion_tarea: descripcion }));
    setDescripcion('');
  };

  return (
    <Stack gap="sm">
      <FilaAgregar onAgregar={() => void agregar().catch(() => undefined)} agregando={crear.isPending}>
        <TextInput
          label="Nueva tarea"
          placeholder="Descripción de la tarea"
          value={descripcion}
          onChange={(evento) => setDescripcion(evento.currentTarget.value)}
          maxLength={DESCRIPCION_TAREA_MAXIMA}
          style={{ flex: 1 }}
          data-autofocus
        />
      </FilaAgregar>
      {consulta.isPending ? <Loader size="sm" aria-label="Cargando tareas" /> : null}
      {consulta.data?.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {TEXTO_SIN_DATOS}
        </Text>
      ) : null}
      {consulta.data?.map((tarea) => <TareaGuardada key={`${tarea.id}-${tarea.tarea_completada}-${tarea.observacion_tarea ?? ''}`} tarea={tarea} />)}
    </Stack>
  );
}
