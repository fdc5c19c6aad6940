import type { Dispatch } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DESCRIPCION_TAREA_MAXIMA, MENSAJES_TAREA } from '@tablero/domain';
import { notificarAviso } from '@/lib/notificaciones';
import { useTareasVenta } from '../api/tareas';
import { TareaGuardada } from '../components/tarea-guardada';
import type { TareaNueva } from './pedido.logica';
import type { AccionPedido } from './pedido.reductor';

interface PanelTareasProps {
  /** The order being edited: its saved tasks show with their toggle and observation. */
  ventaId: number | null;
  tareas: readonly TareaNueva[];
  despachar: Dispatch<AccionPedido>;
}

/**
 * The form's tasks panel (spec 000 §2.12, §3 Task, §4.2): new tasks are written here and created with the save
 * (description required, at most 200 characters); an order loaded for editing also shows its saved tasks, each
 * completed or reopened, with its observation, saved at once.
 */
export function PanelTareas({ ventaId, tareas, despachar }: PanelTareasProps) {
  const guardadas = useTareasVenta(ventaId);

  const agregar = () => {
    // spec 000 §5: the message also stops adding a task while one is still empty.
    if (tareas.some((t) => t.descripcion_tarea.trim() === '')) {
      notificarAviso(MENSAJES_TAREA.descripcion);
      return;
    }
    despachar({ tipo: 'agregarTarea' });
  };

  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="sm" fw={600}>
          Tareas
        </Title>
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} onClick={agregar}>
          Agregar tarea
        </Button>
      </Group>
      <Stack gap={4}>
        {(guardadas.data ?? []).map((tarea) => (
          <TareaGuardada key={`${tarea.id}-${tarea.tarea_completada}-${tarea.observacion_tarea ?? ''}`} tarea={tarea} compacta />
        ))}
        {tareas.map((tarea, n) => (
          <Group key={tarea.clave} gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={`Descripción de la tarea ${n + 1}`}
              placeholder="Descripción de la tarea"
              value={tarea.descripcion_tarea}
              maxLength={DESCRIPCION_TAREA_MAXIMA}
              autoFocus={tarea.descripcion_tarea === ''}
              onChange={(evento) => despachar({ tipo: 'tarea', clave: tarea.clave, descripcion_tarea: evento.currentTarget.value })}
            />
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Quitar la tarea ${n + 1}`} onClick={() => despachar({ tipo: 'quitarTarea', clave: tarea.clave })}>
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        {tareas.length === 0 && (guardadas.data ?? []).length === 0 ? (
          <Text size="xs" c="dimmed">
            Sin tareas
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
