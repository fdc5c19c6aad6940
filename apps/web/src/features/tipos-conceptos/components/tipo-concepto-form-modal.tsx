import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { tipoConceptoGuardarSchema, type TipoConcepto, type TipoConceptoGuardar } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
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
    <ModalFormulario opened={opened} onClose={onClose} titulo="Registro de tipo de concepto">
      <TipoConceptoFormulario key={tipoConcepto?.id ?? 'nuevo'} tipoConcepto={tipoConcepto} />
    </ModalFormulario>
  );
}

const CAMPOS = ['nombre_tipo_concepto'] as const;

function TipoConceptoFormulario({ tipoConcepto }: { tipoConcepto: TipoConcepto | null }) {
  const crear = useCreateTipoConcepto();
  const actualizar = useUpdateTipoConcepto();
  const form = useForm<TipoConceptoGuardar>({
    resolver: zodResolver(tipoConceptoGuardarSchema),
    defaultValues: { nombre_tipo_concepto: tipoConcepto?.nombre_tipo_concepto ?? '' },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoGuardar="Guardar datos"
      guardar={(datos) => (tipoConcepto ? actualizar.mutateAsync({ id: tipoConcepto.id, ...datos }) : crear.mutateAsync(datos))}
    >
      <TextInput
        label="Nombre tipo concepto"
        withAsterisk
        maxLength={100}
        data-autofocus
        error={errors.nombre_tipo_concepto?.message}
        {...register('nombre_tipo_concepto')}
      />
    </FormularioModal>
  );
}
