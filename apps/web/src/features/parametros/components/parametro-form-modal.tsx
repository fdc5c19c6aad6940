import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { parametroCrearSchema, type Parametro, type ParametroCrear } from '@tablero/domain';
import { CampoAreaTexto, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeFormulario } from '@/components/modal-formulario';
import { useCreateParametro } from '../api/create-parametro';
import { useUpdateParametro } from '../api/update-parametro';

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
  const { control } = form;

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
      <CampoTexto
        control={control}
        name="codigo_parametro"
        label="Código parámetro"
        placeholder="Ej. LISTA_GRUPOS_TABLEROS"
        readOnly={esEdicion}
        variant={esEdicion ? 'filled' : 'default'}
        withAsterisk={!esEdicion}
        maxLength={60}
        data-autofocus={esEdicion ? undefined : true}
      />
      <CampoAreaTexto
        control={control}
        name="valor_parametro"
        label="Valor parámetro"
        withAsterisk
        autosize
        minRows={3}
        maxRows={10}
        maxLength={1000}
        data-autofocus={esEdicion ? true : undefined}
      />
    </FormularioModal>
  );
}

/** Add/edit form in a large static modal (spec 001, Parameters screen; §4 Forms; §5 Parameter); `parametro` null adds one. */
export const ParametroFormModal = modalDeFormulario('parametro', ParametroFormulario, {
  titulo: (parametro) => (parametro ? 'Editar parámetro' : 'Agregar parámetro'),
  size: 'lg',
  clave: (parametro) => parametro.codigo_parametro,
});
