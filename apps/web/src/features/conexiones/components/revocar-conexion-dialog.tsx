import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Conexion } from '@tablero/domain';

/**
 * Confirmation before revoking a connection (static, like every modal of the spec): the session of
 * that connection is closed at once.
 */
export function confirmarRevocarConexion(conexion: Conexion, onConfirmar: () => void) {
  modals.openConfirmModal({
    title: 'Revocar conexión',
    size: 'md',
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: (
      <Stack gap="xs">
        <Text size="sm">
          La sesión <strong>{conexion.name_connection}</strong> de {conexion.email} - {conexion.name} se cerrará de inmediato y
          deberá ingresar de nuevo para seguir trabajando.
        </Text>
        {conexion.es_actual ? (
          <Text size="sm" c="red" fw={500}>
            Esta es la conexión de su sesión actual: saldrá de la aplicación.
          </Text>
        ) : null}
        <Text size="sm">¿Desea revocar esta conexión?</Text>
      </Stack>
    ),
    labels: { confirm: 'Revocar', cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm: onConfirmar,
  });
}
