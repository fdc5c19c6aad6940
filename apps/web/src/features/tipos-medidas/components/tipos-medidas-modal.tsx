import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { tipoMedidaGuardarSchema, type TipoMedida, type TipoMedidaGuardar } from '@tablero/domain';
import { CampoTexto } from '@/components/campos-formulario';
import { modalDeCatalogo } from '@/components/modal-catalogo';
import { FormularioModal } from '@/components/modal-formulario';
import type { Columna } from '@/components/tabla-paginada';
import { useTiposMedidas } from '../api/get-tipos-medidas';
import { useSaveTipoMedida } from '../api/save-tipo-medida';

const COLUMNAS: Columna<TipoMedida>[] = [
  { titulo: 'Nombre corto', ancho: 140, celda: (tipo) => tipo.nombre_corto_tipo_medida },
  { titulo: 'Nombre tipo de medida', celda: (tipo) => tipo.nombre_tipo_medida },
];

/** Measure types modal (spec 001: opens from the product form): list, create and edit. */
export const TiposMedidasModal = modalDeCatalogo(useTiposMedidas, {
  titulo: 'Tipos de medida',
  textoAgregar: 'Agregar tipo de medida',
  columnas: COLUMNAS,
  nombreFila: (tipo) => tipo.nombre_tipo_medida,
  formulario: (tipo) => <TipoMedidaFormulario tipo={tipo} />,
});

const CAMPOS_SERVIDOR = ['nombre_corto_tipo_medida', 'nombre_tipo_medida'] as const;

function TipoMedidaFormulario({ tipo }: { tipo: TipoMedida | null }) {
  const guardar = useSaveTipoMedida();
  const form = useForm<TipoMedidaGuardar>({
    resolver: zodResolver(tipoMedidaGuardarSchema),
    defaultValues: { nombre_corto_tipo_medida: tipo?.nombre_corto_tipo_medida ?? '', nombre_tipo_medida: tipo?.nombre_tipo_medida ?? '' },
  });
  const { control } = form;
  return (
    <FormularioModal form={form} camposServidor={CAMPOS_SERVIDOR} textoCerrar="Volver" guardar={(datos) => guardar.mutateAsync({ id: tipo?.id ?? null, datos })}>
      <CampoTexto control={control} name="nombre_corto_tipo_medida" label="Nombre corto" withAsterisk maxLength={20} data-autofocus />
      <CampoTexto control={control} name="nombre_tipo_medida" label="Nombre tipo de medida" withAsterisk maxLength={100} />
    </FormularioModal>
  );
}
