import { useMemo } from 'react';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import {
  NOMBRES_RESPONSABILIDAD_FISCAL,
  NOMBRES_TIPO_PERSONA,
  NOMBRES_TIPO_TERCERO,
  RESPONSABILIDADES_FISCALES,
  TIPOS_PERSONA,
  TIPOS_TERCERO,
  type TerceroGuardar,
  type TerceroGuardarEntrada,
  type TipoTercero,
} from '@tablero/domain';
import { CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { useTiposDocumento } from '../api/get-listas';

interface TerceroCamposDatosProps {
  form: UseFormReturn<TerceroGuardarEntrada, unknown, TerceroGuardar>;
  tipo: TipoTercero;
  /** Only administrators choose the type (puedeElegirTipoTercero); others see it, read-only. */
  eligeTipo: boolean;
}

/** Who the third party is (spec 001 §4): document, names, contact, type and tax data. */
export function TerceroCamposDatos({ form, tipo, eligeTipo }: TerceroCamposDatosProps) {
  const { register, control } = form;
  const tiposDocumento = useTiposDocumento();
  const opcionesTipoDocumento = useMemo(
    () => (tiposDocumento.data ?? []).map((t) => ({ value: String(t.id), label: t.nombre_tipo_documento })),
    [tiposDocumento.data],
  );

  return (
    <>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <CampoSelect
          control={control}
          name="tipo_documento_id"
          numerico
          label="Tipo de documento"
          withAsterisk
          data={opcionesTipoDocumento}
          allowDeselect={false}
          data-autofocus
        />
        <CampoTexto control={control} name="numero_documento" label="Número de documento" withAsterisk inputMode="numeric" maxLength={17} />
        <CampoTexto control={control} name="nombres" label="Nombres" withAsterisk maxLength={100} />
        <CampoTexto control={control} name="apellidos" label="Apellidos" withAsterisk maxLength={100} />
        <CampoTexto control={control} name="correo_electronico" label="Correo electrónico" withAsterisk type="email" maxLength={100} />
        <CampoTexto control={control} name="numero_celular" label="Número celular" withAsterisk inputMode="tel" maxLength={20} />
        <CampoTexto control={control} name="numero_telefonico" label="Número telefónico" inputMode="tel" maxLength={20} />
        {eligeTipo ? (
          <CampoSelect
            control={control}
            name="tipo_tercero"
            label="Tipo de tercero"
            withAsterisk
            data={TIPOS_TERCERO.map((codigo) => ({ value: codigo, label: NOMBRES_TIPO_TERCERO[codigo] }))}
            allowDeselect={false}
          />
        ) : (
          <TextInput label="Tipo de tercero" value={NOMBRES_TIPO_TERCERO[tipo]} readOnly variant="filled" />
        )}
        <CampoSelect
          control={control}
          name="tipo_persona"
          label="Tipo de persona"
          data={TIPOS_PERSONA.map((codigo) => ({ value: codigo, label: NOMBRES_TIPO_PERSONA[codigo] }))}
          allowDeselect={false}
        />
        <CampoSelect
          control={control}
          name="responsabilidad_fiscal"
          label="Responsabilidad fiscal"
          data={RESPONSABILIDADES_FISCALES.map((codigo) => ({ value: codigo, label: `${codigo} - ${NOMBRES_RESPONSABILIDAD_FISCAL[codigo]}` }))}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Checkbox label="Responsable de IVA" {...register('responsable_iva')} />
    </>
  );
}
