import { useMemo } from 'react';
import { Alert, Divider, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { LARGO_MINIMO_PASSWORD, NOMBRES_TIPO_TERCERO, type TerceroGuardar, type TerceroGuardarEntrada, type TipoTercero } from '@tablero/domain';
import { CampoClave, CampoMultiSelect, CampoSwitch } from '@/components/campos-formulario';
import { useSesion } from '@/lib/sesion';
import { useTiendasAsignables } from '../api/get-listas';

interface TerceroCamposUsuarioProps {
  form: UseFormReturn<TerceroGuardarEntrada, unknown, TerceroGuardar>;
  tipo: TipoTercero;
  /** The type logs in (staff): it gets a user account with this type's role and its stores. */
  ingresa: boolean;
  /** The third party already has a user account. */
  tieneUsuario: boolean;
  /** spec 001 §6; never in a read-only dialog, where a password could not be saved. */
  muestraClave: boolean;
  /** spec 001 §4: the active switch only when editing a non-customer with a linked user. */
  muestraActivo: boolean;
  soloLectura: boolean;
}

/** The staff part of the third-party form: the user account's password, its stores and whether it is active. */
export function TerceroCamposUsuario({ form, tipo, ingresa, tieneUsuario, muestraClave, muestraActivo, soloLectura }: TerceroCamposUsuarioProps) {
  const sesion = useSesion();
  const { control } = form;
  const tiendas = useTiendasAsignables(ingresa ? (sesion?.id ?? null) : null);
  const opcionesTienda = useMemo(
    () => (tiendas.data ?? []).map((t) => ({ value: t.codigo_tienda, label: `${t.codigo_tienda} - ${t.nombre_tienda}` })),
    [tiendas.data],
  );

  return (
    <>
      {muestraClave || ingresa ? <Divider label="Cuenta de usuario" labelPosition="left" /> : null}
      {ingresa ? (
        <Text size="xs" c="dimmed">
          {`Ingresa a la aplicación con su correo electrónico y el perfil ${NOMBRES_TIPO_TERCERO[tipo]}.`}
        </Text>
      ) : tieneUsuario && !soloLectura ? (
        <Alert color="yellow" variant="light" p="xs">
          Con este tipo de tercero la cuenta de usuario queda inactiva: clientes y mensajeros no ingresan a la aplicación.
        </Alert>
      ) : null}
      {muestraClave || ingresa ? (
        <SimpleGrid cols={2} spacing="sm">
          {muestraClave ? (
            <CampoClave
              control={control}
              name="password_usuario"
              label="Contraseña"
              withAsterisk={ingresa && !tieneUsuario}
              description={tieneUsuario ? 'Déjela vacía para conservar la actual' : `Al menos ${LARGO_MINIMO_PASSWORD} caracteres`}
              autoComplete="new-password"
              maxLength={100}
            />
          ) : null}
          {ingresa ? (
            <CampoMultiSelect control={control} name="tiendas" label="Tiendas" withAsterisk description="Tiendas en las que trabaja" data={opcionesTienda} />
          ) : null}
        </SimpleGrid>
      ) : null}
      {muestraActivo ? (
        <CampoSwitch control={control} name="activo" label="Activo" description="Un tercero inactivo no puede ingresar a la aplicación" />
      ) : null}
    </>
  );
}
