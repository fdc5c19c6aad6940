import { useMemo } from 'react';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
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
import { useTiposDocumento } from '../api/get-listas';

interface TerceroCamposDatosProps {
  form: UseFormReturn<TerceroGuardarEntrada, unknown, TerceroGuardar>;
  tipo: TipoTercero;
  /** Only administrators choose the type (puedeElegirTipoTercero); others see it, read-only. */
  eligeTipo: boolean;
}

/** Who the third party is (spec 001 §4): document, names, contact, type and tax data. */
export function TerceroCamposDatos({ form, tipo, eligeTipo }: TerceroCamposDatosProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const tiposDocumento = useTiposDocumento();
  const opcionesTipoDocumento = useMemo(
    () => (tiposDocumento.data ?? []).map((t) => ({ value: String(t.id), label: t.nombre_tipo_documento })),
    [tiposDocumento.data],
  );

  return (
    <>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <Controller
          control={control}
          name="tipo_documento_id"
          render={({ field }) => (
            <Select
              label="Tipo de documento"
              withAsterisk
              data={opcionesTipoDocumento}
              value={field.value != null ? String(field.value) : null}
              onChange={(valor) => field.onChange(valor ? Number(valor) : null)}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={errors.tipo_documento_id?.message}
              data-autofocus
            />
          )}
        />
        <TextInput
          label="Número de documento"
          withAsterisk
          inputMode="numeric"
          maxLength={15}
          error={errors.numero_documento?.message}
          {...register('numero_documento')}
        />
        <TextInput label="Nombres" withAsterisk maxLength={100} error={errors.nombres?.message} {...register('nombres')} />
        <TextInput label="Apellidos" withAsterisk maxLength={100} error={errors.apellidos?.message} {...register('apellidos')} />
        <TextInput
          label="Correo electrónico"
          withAsterisk
          type="email"
          maxLength={100}
          error={errors.correo_electronico?.message}
          {...register('correo_electronico')}
        />
        <TextInput
          label="Número celular"
          withAsterisk
          inputMode="tel"
          maxLength={20}
          error={errors.numero_celular?.message}
          {...register('numero_celular')}
        />
        <TextInput label="Número telefónico" inputMode="tel" maxLength={20} error={errors.numero_telefonico?.message} {...register('numero_telefonico')} />
        {eligeTipo ? (
          <Controller
            control={control}
            name="tipo_tercero"
            render={({ field }) => (
              <Select
                label="Tipo de tercero"
                withAsterisk
                data={TIPOS_TERCERO.map((codigo) => ({ value: codigo, label: NOMBRES_TIPO_TERCERO[codigo] }))}
                value={field.value ?? 'C'}
                onChange={(valor) => field.onChange(valor ?? 'C')}
                allowDeselect={false}
                error={errors.tipo_tercero?.message}
              />
            )}
          />
        ) : (
          <TextInput label="Tipo de tercero" value={NOMBRES_TIPO_TERCERO[tipo]} readOnly variant="filled" />
        )}
        <Controller
          control={control}
          name="tipo_persona"
          render={({ field }) => (
            <Select
              label="Tipo de persona"
              data={TIPOS_PERSONA.map((codigo) => ({ value: codigo, label: NOMBRES_TIPO_PERSONA[codigo] }))}
              value={field.value ?? 'Person'}
              onChange={(valor) => field.onChange(valor ?? 'Person')}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="responsabilidad_fiscal"
          render={({ field }) => (
            <Select
              label="Responsabilidad fiscal"
              data={RESPONSABILIDADES_FISCALES.map((codigo) => ({ value: codigo, label: `${codigo} - ${NOMBRES_RESPONSABILIDAD_FISCAL[codigo]}` }))}
              value={field.value ?? 'R-99-PN'}
              onChange={(valor) => field.onChange(valor ?? 'R-99-PN')}
              allowDeselect={false}
            />
          )}
        />
      </SimpleGrid>
      <Checkbox label="Responsable de IVA" {...register('responsable_iva')} />
    </>
  );
}
