import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { OBSERVACION_TAREA_MAXIMA, tareaActualizarSchema, type TareaActualizar, type TareaPendiente } from '@tablero/domain';
import { CampoAreaTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeEdicion } from '@/components/modal-formulario';
import { useActualizarTarea } from '../api/tareas';

/** Completes a pending task with its observation (spec 000 §4.2: each change saves with its observation). */
function CompletarTarea({ tarea }: { tarea: TareaPendiente }) {
  const actualizar = useActualizarTarea();
  const form = useForm<z.input<typeof tareaActualizarSchema>, unknown, TareaActualizar>({
    resolver: zodResolver(tareaActualizarSchema),
    defaultValues: { tarea_completada: true, observacion_tarea: tarea.observacion_tarea ?? '' },
  });
  return (
    <FormularioModal form={form} camposServidor={['observacion_tarea']} textoGuardar="Completar" guardar={(datos) => actualizar.mutateAsync({ id: tarea.id, ...datos })}>
      <Text size="sm">{tarea.descripcion_tarea}</Text>
      <CampoAreaTexto control={form.control} name="observacion_tarea" label="Observación" autosize minRows={2} maxLength={OBSERVACION_TAREA_MAXIMA} data-autofocus />
    </FormularioModal>
  );
}

export const CompletarTareaModal = modalDeEdicion('tarea', CompletarTarea, {
  titulo: (tarea) => (tarea ? `Completar tarea del pedido ${tarea.venta_id}` : 'Completar tarea'),
  size: 'md',
});
