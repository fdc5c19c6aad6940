import { Badge, Checkbox, Select, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { impuestoGuardarSchema, type Impuesto } from '@tablero/domain';
import { EntradaNumero } from '@/components/entradas-numericas';
import { ModalCatalogo } from '@/components/modal-catalogo';
import { FormularioModal } from '@/components/modal-formulario';
import type { Columna } from '@/components/tabla-paginada';
import { useSiigoImpuestos } from '@/features/siigo';
import { useImpuestos } from '../api/get-impuestos';
import { useSaveImpuesto } from '../api/save-impuesto';

const COLUMNAS: Columna<Impuesto>[] = [
  { titulo: 'Nombre impuesto', celda: (impuesto) => impuesto.nombre_impuesto },
  { titulo: 'Porcentaje', ancho: 130, alineacion: 'right', celda: (impuesto) => `${impuesto.porcentaje_impuesto}%` },
  {
    titulo: 'Estado',
    ancho: 90,
    celda: (impuesto) => (
      <Badge size="sm" variant="light" color={impuesto.activo ? 'green' : 'gray'}>
        {impuesto.activo ? 'Activo' : 'Inactivo'}
      </Badge>
    ),
  },
];

/** Taxes modal (spec 001: opens from the product form): the list, create and edit, in one static modal. */
export function ImpuestosModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const impuestos = useImpuestos();
  return (
    <ModalCatalogo
      opened={opened}
      onClose={onClose}
      titulo="Impuestos"
      textoAgregar="Agregar impuesto"
      consulta={impuestos}
      columnas={COLUMNAS}
      claveFila={(impuesto) => impuesto.id}
      nombreFila={(impuesto) => impuesto.nombre_impuesto}
      formulario={(impuesto) => <ImpuestoFormulario impuesto={impuesto} />}
    />
  );
}

interface Valores {
  nombre_impuesto: string;
  porcentaje_impuesto: number | string;
  siigo_impuesto_id: string | null;
  activo: boolean;
}

const CAMPOS_SERVIDOR = ['nombre_impuesto', 'porcentaje_impuesto', 'siigo_impuesto_id'] as const;

function ImpuestoFormulario({ impuesto }: { impuesto: Impuesto | null }) {
  const guardar = useSaveImpuesto();
  const siigo = useSiigoImpuestos();
  const form = useForm<Valores>({
    resolver: zodResolver(impuestoGuardarSchema) as never,
    defaultValues: {
      nombre_impuesto: impuesto?.nombre_impuesto ?? '',
      // spec 001 §3: default 0.
      porcentaje_impuesto: impuesto?.porcentaje_impuesto ?? 0,
      siigo_impuesto_id: impuesto?.siigo_impuesto_id ? String(impuesto.siigo_impuesto_id) : null,
      activo: impuesto?.activo ?? true,
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <FormularioModal form={form} camposServidor={CAMPOS_SERVIDOR} textoCerrar="Volver" guardar={(datos) => guardar.mutateAsync({ id: impuesto?.id ?? null, datos })}>
      <TextInput label="Nombre impuesto" withAsterisk maxLength={100} error={errors.nombre_impuesto?.message} data-autofocus {...register('nombre_impuesto')} />
      <Controller
        control={control}
        name="porcentaje_impuesto"
        render={({ field }) => (
          // spec 001 §5, §9: 0–100 in steps of 0.1, so one decimal; the range itself is the schema's check.
          <EntradaNumero
            label="Porcentaje impuesto"
            withAsterisk
            decimales={1}
            sufijo=" %"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.porcentaje_impuesto?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="siigo_impuesto_id"
        render={({ field }) => (
          <Select
            label="Impuesto en el sistema contable"
            placeholder="Ninguno"
            clearable
            data={(siigo.data ?? []).map((s) => ({ value: String(s.id), label: s.nombre }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.siigo_impuesto_id?.message}
          />
        )}
      />
      {impuesto ? <Checkbox label="Activo (se ofrece a los productos)" {...register('activo')} /> : null}
    </FormularioModal>
  );
}
