import { TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { parametroCrearSchema, type Parametro, type ParametroCrear } from '@tablero/domain';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
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
    <ModalFormulario opened={opened} onClose={onClose} titulo={parametro ? 'Editar parámetro' : 'Agregar parámetro'} size="lg">
      {/* Keyed so each opening starts from the row chosen (or empty). */}
      <ParametroFormulario key={parametro?.codigo_parametro ?? '__nuevo__'} parametro={parametro} />
    </ModalFormulario>
  );
}

const CAMPOS = ['codigo_parametro', 'valor_parametro'] as const;

/**
 * The value stays free text even when it holds a number (VALOR_BASE_PIEZA): other parameters are comma-separated
 * lists (LISTA_GRUPOS_TABLEROS '1,2,5'), and the code that reads each one validates it.
 */
function ParametroFormulario({ parametro }: { parametro: Parametro | null }) {
  const esEdicion = parametro !== null;
  const crear = useCreateParametro();
  const editar = useUpdateParametro();

  // The code is read-only when editing; validating it with the create schema still holds, since it is there.
  const form = useForm<ParametroCrear>({
    resolver: zodResolver(parametroCrearSchema),
    defaultValues: { codigo_parametro: parametro?.codigo_parametro ?? '', valor_parametro: parametro?.valor_parametro ?? '' },
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
      guardar={(datos) =>
        esEdicion
          ? editar.mutateAsync({ codigo_parametro: parametro.codigo_parametro, valor_parametro: datos.valor_parametro })
          : crear.mutateAsync(datos)
      }
    >
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
    </FormularioModal>
  );
}
