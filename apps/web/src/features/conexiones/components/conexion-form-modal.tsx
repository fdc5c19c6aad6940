import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { conexionEditarSchema, type Conexion } from '@tablero/domain';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useUpdateConexion } from '../api/update-conexion';

interface ConexionFormModalProps {
  opened: boolean;
  onClose: () => void;
  conexion: Conexion | null;
}

/** Rename dialog of the Connections screen (spec 001; §5 Connection: name required). */
export function ConexionFormModal({ opened, onClose, conexion }: ConexionFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Editar conexión" size="md" closeOnClickOutside={false} closeOnEscape={false}>
      {conexion ? <ConexionFormulario key={conexion.id} conexion={conexion} onClose={onClose} /> : null}
    </Modal>
  );
}

interface ConexionForm {
  name_connection: string;
}

const CAMPOS = ['name_connection'] as const;
const formSchema = conexionEditarSchema.pick({ name_connection: true });

function ConexionFormulario({ conexion, onClose }: { conexion: Conexion; onClose: () => void }) {
  const editar = useUpdateConexion();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ConexionForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name_connection: conexion.name_connection },
  });

  const enviar = handleSubmit((datos) => {
    editar.mutate(
      { id: conexion.id, name_connection: datos.name_connection },
      {
        onSuccess: (mensaje) => {
          notificarExito(mensaje);
          onClose();
        },
        onError: (error) => aplicarErroresDelServidor(error, setError, CAMPOS),
      },
    );
  }, avisarFaltanCampos);

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {`${conexion.email} - ${conexion.name}`}
        </Text>
        <TextInput
          label="Nombre de la conexión"
          withAsterisk
          maxLength={120}
          error={errors.name_connection?.message}
          data-autofocus
          {...register('name_connection')}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose} disabled={editar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={editar.isPending} disabled={editar.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
