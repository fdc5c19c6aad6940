import { useState } from 'react';
import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { OBSERVACION_TAREA_MAXIMA, type Tarea } from '@tablero/domain';
import { notificarExito } from '@/lib/notificaciones';
import { useActualizarTarea } from '../api/tareas';

/**
 * A saved task of a sale (spec 000 §2.9, §4.2): its description, the observation and the completed toggle; the
 * observation is saved with the toggle, and on leaving the field when it changed. `compacta`: one line, for the order
 * form's tasks panel; otherwise a bordered card, for the tasks dialog.
 */
export function TareaGuardada({ tarea, compacta = false }: { tarea: Tarea; compacta?: boolean }) {
  const actualizar = useActualizarTarea();
  const [observacion, setObservacion] = useState(tarea.observacion_tarea ?? '');
  const guardar = (tarea_completada: boolean) =>
    actualizar
      .mutateAsync({ id: tarea.id, tarea_completada, observacion_tarea: observacion })
      .then(notificarExito)
      .catch(() => undefined);

  const descripcion = (
    <Text size={compacta ? 'xs' : 'sm'} style={compacta ? { flex: 1 } : undefined} td={tarea.tarea_completada ? 'line-through' : undefined}>
      {tarea.descripcion_tarea}
    </Text>
  );
  const campoObservacion = (
    <TextInput
      size="xs"
      {...(compacta ? { w: 200 } : {})}
      aria-label={`Observación de ${tarea.descripcion_tarea}`}
      placeholder="Observación"
      value={observacion}
      maxLength={OBSERVACION_TAREA_MAXIMA}
      onChange={(evento) => setObservacion(evento.currentTarget.value)}
      onBlur={() => {
        if (observacion.trim() !== (tarea.observacion_tarea ?? '')) void guardar(tarea.tarea_completada);
      }}
    />
  );
  const completada = (
    <Switch
      {...(compacta ? { size: 'xs' } : {})}
      label="Completada"
      aria-label={`Completada: ${tarea.descripcion_tarea}`}
      checked={tarea.tarea_completada}
      disabled={actualizar.isPending}
      onChange={(evento) => void guardar(evento.currentTarget.checked)}
    />
  );

  if (compacta) {
    return (
      <Group gap="xs" wrap="nowrap" align="center">
        {descripcion}
        {campoObservacion}
        {completada}
      </Group>
    );
  }
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
      <Stack gap={4} style={{ flex: 1 }}>
        {descripcion}
        {campoObservacion}
      </Stack>
      {completada}
    </Group>
  );
}
