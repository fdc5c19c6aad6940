import { useMemo } from 'react';
import { Divider, SimpleGrid } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { TerceroGuardar, TerceroGuardarEntrada } from '@tablero/domain';
import { CampoTexto } from '@/components/campos-formulario';
import { useCiudades, useDepartamentos, usePaises } from '../api/get-listas';
import { CampoLugar } from './campo-lugar';

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
  const { control, setValue } = form;
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
      <CampoTexto control={control} name="direccion_residencia" label="Dirección de residencia" withAsterisk={esCliente} maxLength={200} />
      <SimpleGrid cols={3} spacing="sm">
        <CampoLugar
          control={control}
          name="country_code"
          label="País"
          withAsterisk={esCliente}
          data={opcionesPais}
          alCambiar={() => {
            // spec 001 §4: choosing a country clears state and city and reloads states.
            setValue('state_code', null);
            setValue('city_code', null);
          }}
        />
        {conLista || !pais ? (
          <CampoLugar
            control={control}
            name="state_code"
            label="Departamento"
            withAsterisk={esCliente}
            disabled={!pais}
            data={opcionesDepartamento}
            // Choosing a state clears the city and reloads cities.
            alCambiar={() => setValue('city_code', null)}
          />
        ) : (
          <CampoTexto control={control} name="state_code" label="Departamento / estado" withAsterisk={esCliente} maxLength={100} />
        )}
        {conLista || !pais ? (
          <CampoLugar control={control} name="city_code" label="Ciudad" withAsterisk={esCliente} disabled={!departamento} data={opcionesCiudad} />
        ) : (
          <CampoTexto control={control} name="city_code" label="Ciudad" withAsterisk={esCliente} maxLength={100} />
        )}
      </SimpleGrid>
    </>
  );
}
