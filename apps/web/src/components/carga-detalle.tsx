import { Group, Loader, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { BotonFila } from './accion-fila';

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
