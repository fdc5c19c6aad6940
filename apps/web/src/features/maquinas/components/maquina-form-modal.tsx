import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { maquinaGuardarSchema, type Maquina, type MaquinaGuardar } from '@tablero/domain';
import { CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { FormularioModal, modalDeFormulario } from '@/components/modal-formulario';
import { TEXTO_SIN_DATOS } from '@/components/tabla-paginada';
import { useCreateMaquina } from '../api/create-maquina';
import { useEstadosMaquinas } from '../api/get-estados-maquinas';
import { useGruposServicios } from '../api/get-grupos-servicios';
import { useUpdateMaquina } from '../api/update-maquina';

const CAMPOS = ['referencia', 'nombre_maquina', 'grupo_servicio_id', 'estado_maquina_id'] as const;

/** The form's values: the selects hold the chosen id as text (null when none); the schema reads them as ids. */
interface Formulario {
  referencia: string;
  nombre_maquina: string;
  grupo_servicio_id: string | null;
  estado_maquina_id: string | null;
}

function MaquinaFormulario({ maquina }: { maquina: Maquina | null }) {
  const crear = useCreateMaquina();
  const actualizar = useUpdateMaquina();
  const grupos = useGruposServicios();
  const estados = useEstadosMaquinas();

  const form = useForm<Formulario, unknown, MaquinaGuardar>({
    // The schema reads the selects' text as ids; its input type (unknown) is wider than the form's.
    resolver: zodResolver(maquinaGuardarSchema) as Resolver<Formulario, unknown, MaquinaGuardar>,
    defaultValues: {
      referencia: maquina?.referencia ?? '',
      nombre_maquina: maquina?.nombre_maquina ?? '',
      grupo_servicio_id: maquina ? String(maquina.grupo_servicio_id) : null,
      // A new machine starts Disponible (state 1), the usual case.
      estado_maquina_id: maquina ? String(maquina.estado_maquina_id) : '1',
    },
  });
  const { control } = form;

  return (
    <FormularioModal
      form={form}
      camposServidor={CAMPOS}
      textoGuardar="Guardar datos"
      guardar={(datos) => (maquina ? actualizar.mutateAsync({ id: maquina.id, datos }) : crear.mutateAsync(datos))}
    >
      <CampoTexto control={control} name="referencia" label="Referencia" withAsterisk maxLength={30} placeholder="Ej. COR-01" data-autofocus />
      <CampoTexto control={control} name="nombre_maquina" label="Nombre máquina" withAsterisk maxLength={100} />
      <CampoSelect
        control={control}
        name="grupo_servicio_id"
        label="Grupo servicio"
        placeholder="Seleccione"
        withAsterisk
        data={(grupos.data ?? []).map((grupo) => ({ value: String(grupo.id), label: grupo.nombre_grupo_servicio }))}
        allowDeselect={false}
        nothingFoundMessage={TEXTO_SIN_DATOS}
      />
      <CampoSelect
        control={control}
        name="estado_maquina_id"
        label="Estado"
        placeholder="Seleccione"
        withAsterisk
        data={(estados.data ?? []).map((estado) => ({ value: String(estado.id), label: estado.nombre_estado_maquina }))}
        allowDeselect={false}
      />
    </FormularioModal>
  );
}

/** 'Registro de máquina' (spec 002 §2.19, §5 Machine): medium static modal; `maquina` null adds one. */
export const MaquinaFormModal = modalDeFormulario('maquina', MaquinaFormulario, { titulo: 'Registro de máquina' });
