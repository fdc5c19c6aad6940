import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { tipoConceptoGuardarSchema, type TipoConcepto, type TipoConceptoGuardar } from '@tablero/domain';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useCreateTipoConcepto } from '../api/create-tipo-concepto';
import { useUpdateTipoConcepto } from '../api/update-tipo-concepto';

interface TipoConceptoFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The concept type being edited; none when creating one. */
  tipoConcepto: TipoConcepto | null;
}

/** 'Registro de tipo de concepto' (spec 002 §2.14, §5 Concept type): medium static modal. */
export function TipoConceptoFormModal({ opened, onClose, tipoConcepto }: TipoConceptoFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Registro de tipo de concepto" size="md" closeOnClickOutside={false} closeOnEscape={false}>
      <TipoConceptoFormulario key={tipoConcepto?.id ?? 'nuevo'} tipoConcepto={tipoConcepto} onClose={onClose} />
    </Modal>
  );
}

const CAMPOS = ['nombre_tipo_concepto'] as const;

function TipoConceptoFormulario({ tipoConcepto, onClose }: { tipoConcepto: TipoConcepto | null; onClose: () => void }) {
  const crear = useCreateTipoConcepto();
  const actualizar = useUpdateTipoConcepto();
  const guardando = crear.isPending || actualizar.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TipoConceptoGuardar>({
    resolver: zodResolver(tipoConceptoGuardarSchema),
    defaultValues: { nombre_tipo_concepto: tipoConcepto?.nombre_tipo_concepto ?? '' },
  });

  const alGuardar = (mensaje: string) => {
    notificarExito(mensaje);
    onClose();
  };
  const alFallar = (error: unknown) => aplicarErroresDelServidor(error, setError, CAMPOS);

  const enviar = handleSubmit((datos) => {
    if (tipoConcepto) actualizar.mutate({ id: tipoConcepto.id, ...datos }, { onSuccess: alGuardar, onError: alFallar });
    else crear.mutate(datos, { onSuccess: alGuardar, onError: alFallar });
  }, avisarFaltanCampos);

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Nombre tipo concepto"
          withAsterisk
          maxLength={100}
          data-autofocus
          error={errors.nombre_tipo_concepto?.message}
          {...register('nombre_tipo_concepto')}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose} disabled={guardando}>
            Cerrar
          </Button>
          <Button type="submit" loading={guardando} disabled={guardando}>
            Guardar datos
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
