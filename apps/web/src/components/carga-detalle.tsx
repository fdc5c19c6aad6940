import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error';
import { BotonFila } from './accion-fila';
import { PieCerrar } from './modal-formulario';

/**
 * What a detail dialog shows while its record loads, or when it could not be read (with Reintentar): the sale detail
 * and the dispatch dialog read `texto` ('la venta').
 */
export function CargaDetalle({ texto, error, reintentando, onReintentar }: { texto: string; error: boolean; reintentando: boolean; onReintentar: () => void }) {
  if (!error) {
    return (
      <Group justify="center" py="xl" gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {`Cargando ${texto}…`}
        </Text>
      </Group>
    );
  }
  return (
    <Group justify="center" py="xl" gap="sm">
      <Text size="sm" c="red.7">
        {`No se pudo cargar ${texto}.`}
      </Text>
      <BotonFila icono={IconRefresh} onClick={onReintentar} loading={reintentando}>
        Reintentar
      </BotonFila>
    </Group>
  );
}

/**
 * What a form dialog shows when what it needs could not be read: the server's message (or 'No se pudo cargar {texto}')
 * and Cerrar, which closes the dialog without asking.
 */
export function ErrorCargaModal({ error, texto }: { error: unknown; texto: string }) {
  return (
    <Stack gap="sm">
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {error instanceof ApiError ? error.message : `No se pudo cargar ${texto}`}
      </Alert>
      <PieCerrar />
    </Stack>
  );
}
