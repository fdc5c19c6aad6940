import { Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { conexionEditarSchema, type Conexion } from '@tablero/domain';
import { CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeEdicion } from '@/components/modal-formulario';
import { useUpdateConexion } from '../api/update-conexion';

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
  const { control } = form;

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
      <CampoTexto control={control} name="name_connection" label="Nombre de la conexión" withAsterisk maxLength={120} data-autofocus />
    </FormularioModal>
  );
}

/** Rename dialog of the Connections screen (spec 001; §5 Connection: name required). */
export const ConexionFormModal = modalDeEdicion('conexion', ConexionFormulario, { titulo: 'Editar conexión' });
