import { Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { conexionEditarSchema, type Conexion } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { useUpdateConexion } from '../api/update-conexion';

interface ConexionFormModalProps {
  opened: boolean;
  onClose: () => void;
  conexion: Conexion | null;
}

/** Rename dialog of the Connections screen (spec 001; §5 Connection: name required). */
export function ConexionFormModal({ opened, onClose, conexion }: ConexionFormModalProps) {
  return (
    <ModalFormulario opened={opened} onClose={onClose} titulo="Editar conexión">
      {conexion ? <ConexionFormulario key={conexion.id} conexion={conexion} /> : null}
    </ModalFormulario>
  );
}

interface ConexionForm {
  name_connection: string;
}

const CAMPOS = ['name_connection'] as const;
const formSchema = conexionEditarSchema.pick({ name_connection: true });

function ConexionFormulario({ conexion }: { conexion: Conexion }) {
  const editar = useUpdateConexion();
  const form = useForm<ConexionForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name_connection: conexion.name_connection },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoCerrar="Cancelar"
      guardar={(datos) => editar.mutateAsync({ id: conexion.id, name_connection: datos.name_connection })}
    >
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
    </FormularioModal>
  );
}
