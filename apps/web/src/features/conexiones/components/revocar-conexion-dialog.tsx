import { Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { Conexion } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useRevocarConexion } from '../api/revocar-conexion';

interface RevocarConexionDialogProps {
  opened: boolean;
  onClose: () => void;
  conexion: Conexion | null;
}

/**
 * Confirmation before revoking a connection (static, like every dialog of the spec): the session of that
 * connection is closed at once. It is a form with no fields, so Revocar runs once however often it is pressed,
 * and the dialog closes with the server's message only when the connection was revoked.
 */
export function RevocarConexionDialog({ opened, onClose, conexion }: RevocarConexionDialogProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Revocar conexión">
      {conexion ? <Confirmacion key={conexion.id} conexion={conexion} /> : null}
    </ModalFormulario>
  );
}

function Confirmacion({ conexion }: { conexion: Conexion }) {
  const revocar = useRevocarConexion();
  const form = useForm();

  return (
    <FormularioModal form={form} textoGuardar="Revocar" colorGuardar="red" textoCerrar="Cancelar" guardar={() => revocar.mutateAsync(conexion.id)}>
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
    </FormularioModal>
  );
}
