import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { parametroCrearSchema, type Parametro, type ParametroCrear } from '@tablero/domain';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useCreateParametro } from '../api/create-parametro';
import { useUpdateParametro } from '../api/update-parametro';

interface ParametroFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The parameter being edited; none when adding one. */
  parametro: Parametro | null;
}

/** Add/edit form in a large static modal (spec 001, Parameters screen; §4 Forms; §5 Parameter). */
export function ParametroFormModal({ opened, onClose, parametro }: ParametroFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={parametro ? 'Editar parámetro' : 'Agregar parámetro'}
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {/* Keyed so each opening starts from the row chosen (or empty). */}
      <ParametroFormulario key={parametro?.codigo_parametro ?? '__nuevo__'} parametro={parametro} onClose={onClose} />
    </Modal>
  );
}

const CAMPOS = ['codigo_parametro', 'valor_parametro'] as const;

function ParametroFormulario({ parametro, onClose }: { parametro: Parametro | null; onClose: () => void }) {
  const esEdicion = parametro !== null;
  const crear = useCreateParametro();
  const editar = useUpdateParametro();
  const guardando = crear.isPending || editar.isPending;

  // The code is read-only when editing; validating it with the create schema still holds, since it is there.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ParametroCrear>({
    resolver: zodResolver(parametroCrearSchema),
    defaultValues: { codigo_parametro: parametro?.codigo_parametro ?? '', valor_parametro: parametro?.valor_parametro ?? '' },
  });

  const alGuardar = (mensaje: string) => {
    notificarExito(mensaje);
    onClose();
  };
  const alFallar = (error: unknown) => aplicarErroresDelServidor(error, setError, CAMPOS);

  const enviar = handleSubmit((datos) => {
    if (esEdicion) {
      editar.mutate(
        { codigo_parametro: parametro.codigo_parametro, valor_parametro: datos.valor_parametro },
        { onSuccess: alGuardar, onError: alFallar },
      );
    } else {
      crear.mutate(datos, { onSuccess: alGuardar, onError: alFallar });
    }
  }, avisarFaltanCampos);

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Código parámetro"
          placeholder="Ej. LISTA_GRUPOS_TABLEROS"
          readOnly={esEdicion}
          variant={esEdicion ? 'filled' : 'default'}
          withAsterisk={!esEdicion}
          maxLength={60}
          error={errors.codigo_parametro?.message}
          data-autofocus={esEdicion ? undefined : true}
          {...register('codigo_parametro')}
        />
        <Textarea
          label="Valor parámetro"
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          maxLength={1000}
          error={errors.valor_parametro?.message}
          data-autofocus={esEdicion ? true : undefined}
          {...register('valor_parametro')}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" loading={guardando} disabled={guardando}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
