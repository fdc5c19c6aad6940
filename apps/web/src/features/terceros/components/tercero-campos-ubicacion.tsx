import { useMemo } from 'react';
import { Divider, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { TerceroGuardar, TerceroGuardarEntrada } from '@tablero/domain';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { useCiudades, useDepartamentos, usePaises } from '../api/get-listas';

interface TerceroCamposUbicacionProps {
  form: UseFormReturn<TerceroGuardarEntrada, unknown, TerceroGuardar>;
  /** spec 001 §5: address, country, state and city are required for customers only. */
  esCliente: boolean;
}

/**
 * The location part of the third-party form (spec 001 §4): address, then country → state → city, each choice
 * clearing the ones after it. Countries without a state list (outside Colombia) take free text.
 */
export function TerceroCamposUbicacion({ form, esCliente }: TerceroCamposUbicacionProps) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const pais = useWatch({ control, name: 'country_code' }) ?? null;
  const departamento = useWatch({ control, name: 'state_code' }) ?? null;

  const paises = usePaises();
  const departamentos = useDepartamentos(pais);
  const conLista = (departamentos.data?.length ?? 0) > 0;
  const ciudades = useCiudades(pais, departamento, conLista);

  const opcionesPais = useMemo(() => (paises.data ?? []).map((p) => ({ value: p.country_code, label: p.country_name })), [paises.data]);
  const opcionesDepartamento = useMemo(
    () => (departamentos.data ?? []).map((d) => ({ value: d.state_code, label: d.state_name })),
    [departamentos.data],
  );
  const opcionesCiudad = useMemo(() => (ciudades.data ?? []).map((c) => ({ value: c.city_code, label: c.city_name })), [ciudades.data]);

  return (
    <>
      <Divider label="Ubicación" labelPosition="left" />
      <TextInput
        label="Dirección de residencia"
        withAsterisk={esCliente}
        maxLength={200}
        error={errors.direccion_residencia?.message}
        {...register('direccion_residencia')}
      />
      <SimpleGrid cols={3} spacing="sm">
        <Controller
          control={control}
          name="country_code"
          render={({ field }) => (
            <Select
              label="País"
              withAsterisk={esCliente}
              placeholder="Seleccione"
              searchable
              filter={filtroSinAcentos}
              allowDeselect={false}
              data={opcionesPais}
              value={field.value ?? null}
              onChange={(valor) => {
                // spec 001 §4: choosing a country clears state and city and reloads states.
                field.onChange(valor);
                setValue('state_code', null);
                setValue('city_code', null);
              }}
              nothingFoundMessage="No se encontraron datos"
              error={errors.country_code?.message}
            />
          )}
        />
        {conLista || !pais ? (
          <Controller
            control={control}
            name="state_code"
            render={({ field }) => (
              <Select
                label="Departamento"
                withAsterisk={esCliente}
                placeholder="Seleccione"
                searchable
                filter={filtroSinAcentos}
                allowDeselect={false}
                disabled={!pais}
                data={opcionesDepartamento}
                value={field.value ?? null}
                onChange={(valor) => {
                  // Choosing a state clears the city and reloads cities.
                  field.onChange(valor);
                  setValue('city_code', null);
                }}
                nothingFoundMessage="No se encontraron datos"
                error={errors.state_code?.message}
              />
            )}
          />
        ) : (
          <TextInput label="Departamento / estado" withAsterisk={esCliente} maxLength={100} error={errors.state_code?.message} {...register('state_code')} />
        )}
        {conLista || !pais ? (
          <Controller
            control={control}
            name="city_code"
            render={({ field }) => (
              <Select
                label="Ciudad"
                withAsterisk={esCliente}
                placeholder="Seleccione"
                searchable
                filter={filtroSinAcentos}
                allowDeselect={false}
                disabled={!departamento}
                data={opcionesCiudad}
                value={field.value ?? null}
                onChange={field.onChange}
                nothingFoundMessage="No se encontraron datos"
                error={errors.city_code?.message}
              />
            )}
          />
        ) : (
          <TextInput label="Ciudad" withAsterisk={esCliente} maxLength={100} error={errors.city_code?.message} {...register('city_code')} />
        )}
      </SimpleGrid>
    </>
  );
}
