import { Badge, Checkbox, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CLASES_IMPUESTO,
  CODIGO_IVA_DIAN,
  impuestoGuardarSchema,
  NOMBRES_CLASE_IMPUESTO,
  NOMBRES_CLASE_TRIBUTARIA,
  NOMBRES_CODIGO_IMPUESTO_DIAN,
  OPCIONES_CLASE_TRIBUTARIA,
  OPCIONES_CODIGO_IMPUESTO_DIAN,
  type ClaseImpuesto,
  type ClaseTributaria,
  type CodigoImpuestoDian,
  type Impuesto,
} from '@tablero/domain';
import { CampoNumero, CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { modalDeCatalogo } from '@/components/modal-catalogo';
import { FormularioModal } from '@/components/modal-formulario';
import type { Columna } from '@/components/tabla-paginada';
import { formatearPorcentaje } from '@/lib/formato';
import { useSiigoImpuestos } from '@/features/siigo';
import { useImpuestos } from '../api/get-impuestos';
import { useSaveImpuesto } from '../api/save-impuesto';

const COLUMNAS: Columna<Impuesto>[] = [
  { titulo: 'Nombre impuesto', celda: (impuesto) => impuesto.nombre_impuesto },
  { titulo: 'Clase', ancho: 120, celda: (impuesto) => NOMBRES_CLASE_IMPUESTO[impuesto.clase_impuesto] },
  // The kind, and below it the DIAN tax the e-invoice writes (one column: the modal has no room for two).
  {
    titulo: 'Tipo',
    ancho: 110,
    celda: (impuesto) => (
      <>
        <Text size="sm">{NOMBRES_CLASE_TRIBUTARIA[impuesto.clase_tributaria]}</Text>
        <Text size="xs" c="dimmed">
          {NOMBRES_CODIGO_IMPUESTO_DIAN[impuesto.codigo_impuesto_dian]}
        </Text>
      </>
    ),
  },
  { titulo: 'Porcentaje', ancho: 100, alineacion: 'right', celda: (impuesto) => formatearPorcentaje(impuesto.porcentaje_impuesto) },
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
export const ImpuestosModal = modalDeCatalogo(useImpuestos, {
  titulo: 'Impuestos',
  textoAgregar: 'Agregar impuesto',
  columnas: COLUMNAS,
  nombreFila: (impuesto) => impuesto.nombre_impuesto,
  formulario: (impuesto) => <ImpuestoFormulario impuesto={impuesto} />,
});

interface Valores {
  nombre_impuesto: string;
  porcentaje_impuesto: number | string;
  siigo_impuesto_id: string | null;
  activo: boolean;
  clase_impuesto: ClaseImpuesto;
  clase_tributaria: ClaseTributaria;
  codigo_impuesto_dian: CodigoImpuestoDian;
}

const CAMPOS_SERVIDOR = ['nombre_impuesto', 'porcentaje_impuesto', 'siigo_impuesto_id', 'clase_impuesto', 'clase_tributaria', 'codigo_impuesto_dian'] as const;

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
      clase_impuesto: impuesto?.clase_impuesto ?? 'IVA',
      clase_tributaria: impuesto?.clase_tributaria ?? 'Taxed',
      codigo_impuesto_dian: impuesto?.codigo_impuesto_dian ?? CODIGO_IVA_DIAN,
    },
  });
  const { register, control, setValue } = form;
  // An exempt or excluded tax is IVA at 0 % (docs/decisions-factura-electronica.md, Clase tributaria): choosing one sets both.
  const alCambiarTipo = (tipo: string | null) => {
    if (tipo === 'Exempt' || tipo === 'Excluded') {
      setValue('porcentaje_impuesto', 0);
      setValue('codigo_impuesto_dian', CODIGO_IVA_DIAN);
    }
  };

  return (
    <FormularioModal form={form} camposServidor={CAMPOS_SERVIDOR} textoCerrar="Volver" guardar={(datos) => guardar.mutateAsync({ id: impuesto?.id ?? null, datos })}>
      <CampoTexto control={control} name="nombre_impuesto" label="Nombre impuesto" withAsterisk maxLength={100} data-autofocus />
      {/* spec 000 §3, 001 §3: tax kind Taxed/Exempt/Excluded; the DIAN code is the tax the e-invoice writes. */}
      <CampoSelect control={control} name="clase_tributaria" label="Tipo de impuesto" withAsterisk data={[...OPCIONES_CLASE_TRIBUTARIA]} alCambiar={alCambiarTipo} />
      <CampoSelect control={control} name="codigo_impuesto_dian" label="Impuesto DIAN" withAsterisk data={[...OPCIONES_CODIGO_IMPUESTO_DIAN]} />
      {/* spec 001 §5, §9: 0–100 in steps of 0.1, so one decimal; the range itself is the schema's check. */}
      <CampoNumero control={control} name="porcentaje_impuesto" label="Porcentaje impuesto" withAsterisk decimales={1} sufijo=" %" />
      <CampoSelect
        control={control}
        name="siigo_impuesto_id"
        label="Impuesto en el sistema contable"
        placeholder="Ninguno"
        clearable
        data={(siigo.data ?? []).map((s) => ({ value: String(s.id), label: s.nombre }))}
      />
      {/* docs/decisions.md "Pedidos": an order adds in 'Otros impuestos' only a tax of a class its lines do not carry. */}
      <CampoSelect
        control={control}
        name="clase_impuesto"
        label="Clase"
        withAsterisk
        data={CLASES_IMPUESTO.map((clase) => ({ value: clase, label: NOMBRES_CLASE_IMPUESTO[clase] }))}
      />
      {impuesto ? <Checkbox label="Activo (se ofrece a los productos)" {...register('activo')} /> : null}
    </FormularioModal>
  );
}
