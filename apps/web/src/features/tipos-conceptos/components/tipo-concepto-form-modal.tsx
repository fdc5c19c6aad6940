import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { tipoConceptoGuardarSchema, type TipoConcepto, type TipoConceptoGuardar } from '@tablero/domain';
import { CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeFormulario } from '@/components/modal-formulario';
import { useCreateTipoConcepto } from '../api/create-tipo-concepto';
import { useUpdateTipoConcepto } from '../api/update-tipo-concepto';

const CAMPOS = ['nombre_tipo_concepto'] as const;

function TipoConceptoFormulario({ tipoConcepto }: { tipoConcepto: TipoConcepto | null }) {
  const crear = useCreateTipoConcepto();
  const actualizar = useUpdateTipoConcepto();
  const form = useForm<TipoConceptoGuardar>({
    resolver: zodResolver(tipoConceptoGuardarSchema),
    defaultValues: { nombre_tipo_concepto: tipoConcepto?.nombre_tipo_concepto ?? '' },
  });
  const { control } = form;

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoGuardar="Guardar datos"
      guardar={(datos) => (tipoConcepto ? actualizar.mutateAsync({ id: tipoConcepto.id, ...datos }) : crear.mutateAsync(datos))}
    >
      <CampoTexto control={control} name="nombre_tipo_concepto" label="Nombre tipo concepto" withAsterisk maxLength={100} data-autofocus />
    </FormularioModal>
  );
}

/** 'Registro de tipo de concepto' (spec 002 §2.14, §5 Concept type): medium static modal; `tipoConcepto` null creates one. */
export const TipoConceptoFormModal = modalDeFormulario('tipoConcepto', TipoConceptoFormulario, { titulo: 'Registro de tipo de concepto' });
