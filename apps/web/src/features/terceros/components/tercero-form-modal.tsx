import { useMemo } from 'react';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Divider,
  Fieldset,
  Group,
  Loader,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import {
  LARGO_MINIMO_PASSWORD,
  NOMBRES_RESPONSABILIDAD_FISCAL,
  NOMBRES_TIPO_PERSONA,
  NOMBRES_TIPO_TERCERO,
  PAIS_COLOMBIA,
  RESPONSABILIDADES_FISCALES,
  puedeEditarTercero,
  puedeElegirTipoTercero,
  terceroCrearSchema,
  terceroEditarSchema,
  tipoTerceroIngresa,
  TIPOS_PERSONA,
  TIPOS_TERCERO,
  type Tercero,
  type TerceroGuardar,
  type TerceroGuardarEntrada,
  type TipoTercero,
} from '@tablero/domain';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useSesion, useTienda } from '@/lib/sesion';
import { useCreateTercero } from '../api/create-tercero';
import { useCiudades, useDepartamentos, usePaises, useTiendasAsignables, useTiposDocumento } from '../api/get-listas';
import { useTercero, type TerceroDetalle } from '../api/get-tercero';
import { useUpdateTercero } from '../api/update-tercero';
import { filtroSinAcentos } from '../../../lib/filtro-opciones';

interface TerceroFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The third party being edited; null when adding one. */
  tercero: Tercero | null;
}

/** Third-party form in a large static modal (spec 001 Customers screen; §4 Third party; §5 Third party; §6). */
export function TerceroFormModal({ opened, onClose, tercero }: TerceroFormModalProps) {
  const sesion = useSesion();
  const detalle = useTercero(opened && tercero ? tercero.id : null);
  const cargando = tercero !== null && (detalle.isPending || detalle.isFetching);
  // Issue 13: the server refuses (409) a Vendedor saving staff or messengers, so the dialog does not offer
  // the edit at all; it shows the third party read-only. The fresh detail's type wins over the row's.
  const tipo = detalle.data?.tercero.tipo_tercero ?? tercero?.tipo_tercero ?? 'C';
  const soloLectura = tercero !== null && (sesion === null || !puedeEditarTercero(sesion.role, tipo));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tercero ? (soloLectura ? 'Ver tercero' : 'Editar tercero') : 'Agregar tercero'}
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {tercero && (cargando || !detalle.data) ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Cargando" />
        </Center>
      ) : (
        // Keyed so each opening starts from the row chosen (or empty).
        <TerceroFormulario
          key={tercero?.id ?? '__nuevo__'}
          detalle={tercero ? (detalle.data ?? null) : null}
          soloLectura={soloLectura}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

const CAMPOS: readonly Path<TerceroGuardarEntrada>[] = [
  'tipo_documento_id',
  'numero_documento',
  'nombres',
  'apellidos',
  'correo_electronico',
  'numero_telefonico',
  'numero_celular',
  'tipo_tercero',
  'tipo_persona',
  'responsabilidad_fiscal',
  'direccion_residencia',
  'country_code',
  'state_code',
  'city_code',
  'password_usuario',
  'tiendas',
];

function valoresIniciales(detalle: TerceroDetalle | null, tiendaActual: string | null): TerceroGuardarEntrada {
  const t = detalle?.tercero;
  return {
    tipo_documento_id: t?.tipo_documento_id ?? 1,
    numero_documento: t?.numero_documento ?? '',
    nombres: t?.nombres ?? '',
    apellidos: t?.apellidos ?? '',
    correo_electronico: t?.correo_electronico ?? '',
    numero_telefonico: t?.numero_telefonico ?? '',
    numero_celular: t?.numero_celular ?? '',
    tipo_tercero: t?.tipo_tercero ?? 'C',
    tipo_persona: t?.tipo_persona ?? 'Person',
    responsable_iva: t?.responsable_iva ?? false,
    responsabilidad_fiscal: t?.responsabilidad_fiscal ?? 'R-99-PN',
    direccion_residencia: t?.direccion_residencia ?? '',
    // New third parties start in Colombia, where almost every customer is (decisions-terceros).
    country_code: t ? t.country_code : PAIS_COLOMBIA,
    state_code: t?.state_code ?? null,
    city_code: t?.city_code ?? null,
    password_usuario: '',
    activo: detalle ? detalle.role_tercero.activo : true,
    tiendas: detalle?.role_tercero.tiendas.length ? detalle.role_tercero.tiendas : tiendaActual ? [tiendaActual] : [],
  };
}

interface TerceroFormularioProps {
  detalle: TerceroDetalle | null;
  /** The user may not edit this third party (puedeEditarTercero): every field disabled, no password, no Guardar. */
  soloLectura: boolean;
  onClose: () => void;
}

function TerceroFormulario({ detalle, soloLectura, onClose }: TerceroFormularioProps) {
  const sesion = useSesion();
  const tienda = useTienda();
  const esEdicion = detalle !== null;
  const tieneUsuario = detalle?.role_tercero.user_id != null;
  const eligeTipo = !soloLectura && sesion !== null && puedeElegirTipoTercero(sesion.role);
  const crear = useCreateTercero();
  const editar = useUpdateTercero();
  const guardando = crear.isPending || editar.isPending;

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<TerceroGuardarEntrada, unknown, TerceroGuardar>({
    resolver: zodResolver(esEdicion ? terceroEditarSchema : terceroCrearSchema),
    defaultValues: valoresIniciales(detalle, tienda?.codigo_tienda ?? null),
  });

  const tipo = (useWatch({ control, name: 'tipo_tercero' }) ?? 'C') as TipoTercero;
  const pais = useWatch({ control, name: 'country_code' }) ?? null;
  const departamento = useWatch({ control, name: 'state_code' }) ?? null;
  const esCliente = tipo === 'C';
  const ingresa = tipoTerceroIngresa(tipo);
  // spec 001 §6: the password shows for a third party with a linked user or whose type is neither C nor MSJ.
  // Read-only: a password field would invite typing one that can never be saved.
  const muestraClave = !soloLectura && (tieneUsuario || ingresa);
  // spec 001 §4: the active switch only when editing a non-customer with a linked user.
  const muestraActivo = esEdicion && tieneUsuario && !esCliente;

  const tiposDocumento = useTiposDocumento();
  const paises = usePaises();
  const departamentos = useDepartamentos(pais);
  const conLista = (departamentos.data?.length ?? 0) > 0;
  const ciudades = useCiudades(pais, departamento, conLista);
  const tiendas = useTiendasAsignables(ingresa ? (sesion?.id ?? null) : null);

  const opcionesTipoDocumento = useMemo(
    () => (tiposDocumento.data ?? []).map((t) => ({ value: String(t.id), label: t.nombre_tipo_documento })),
    [tiposDocumento.data],
  );
  const opcionesPais = useMemo(() => (paises.data ?? []).map((p) => ({ value: p.country_code, label: p.country_name })), [paises.data]);
  const opcionesDepartamento = useMemo(
    () => (departamentos.data ?? []).map((d) => ({ value: d.state_code, label: d.state_name })),
    [departamentos.data],
  );
  const opcionesCiudad = useMemo(() => (ciudades.data ?? []).map((c) => ({ value: c.city_code, label: c.city_name })), [ciudades.data]);
  const opcionesTienda = useMemo(
    () => (tiendas.data ?? []).map((t) => ({ value: t.codigo_tienda, label: `${t.codigo_tienda} - ${t.nombre_tienda}` })),
    [tiendas.data],
  );

  const alGuardar = (mensaje: string) => {
    notificarExito(mensaje);
    onClose();
  };
  const alFallar = (error: unknown) => aplicarErroresDelServidor(error, setError, CAMPOS);

  const enviar = handleSubmit((datos) => {
    const cuerpo: TerceroGuardar = {
      ...datos,
      tiendas: ingresa ? datos.tiendas : undefined,
      activo: muestraActivo ? datos.activo : undefined,
      password_usuario: muestraClave ? datos.password_usuario : null,
    };
    // The promise, not mutate's callbacks: saving refetches this third party's detail, the dialog shows its loader
    // meanwhile and this form unmounts, and TanStack drops mutate's callbacks of an unmounted observer (the dialog
    // then stayed open with no message although the server had saved).
    if (detalle) editar.mutateAsync({ id: detalle.tercero.id, datos: cuerpo }).then(alGuardar, alFallar);
    else crear.mutateAsync(cuerpo).then(({ mensaje }) => alGuardar(mensaje), alFallar);
  }, avisarFaltanCampos);

  return (
    <form onSubmit={soloLectura ? (evento) => evento.preventDefault() : enviar} noValidate>
      <Stack gap="sm">
        {soloLectura ? (
          <Alert color="blue" variant="light" p="xs">
            Solo un administrador puede editar este tercero.
          </Alert>
        ) : null}
        {/* A disabled fieldset disables every input inside at once, including ones added later. */}
        <Fieldset disabled={soloLectura} variant="unstyled" p={0} m={0} miw={0}>
          <Stack gap="sm">
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
              <TextInput
                label="Número telefónico"
                inputMode="tel"
                maxLength={20}
                error={errors.numero_telefonico?.message}
                {...register('numero_telefonico')}
              />
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
                <TextInput
                  label="Departamento / estado"
                  withAsterisk={esCliente}
                  maxLength={100}
                  error={errors.state_code?.message}
                  {...register('state_code')}
                />
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
                  <PasswordInput
                    label="Contraseña"
                    withAsterisk={ingresa && !tieneUsuario}
                    description={tieneUsuario ? 'Déjela vacía para conservar la actual' : `Al menos ${LARGO_MINIMO_PASSWORD} caracteres`}
                    autoComplete="new-password"
                    maxLength={100}
                    error={errors.password_usuario?.message}
                    {...register('password_usuario')}
                  />
                ) : null}
                {ingresa ? (
                  <Controller
                    control={control}
                    name="tiendas"
                    render={({ field }) => (
                      <MultiSelect
                        label="Tiendas"
                        withAsterisk
                        description="Tiendas en las que trabaja"
                        data={opcionesTienda}
                        value={field.value ?? []}
                        onChange={field.onChange}
                        error={errors.tiendas?.message}
                      />
                    )}
                  />
                ) : null}
              </SimpleGrid>
            ) : null}
            {muestraActivo ? (
              <Controller
                control={control}
                name="activo"
                render={({ field }) => (
                  <Switch
                    label="Activo"
                    description="Un tercero inactivo no puede ingresar a la aplicación"
                    checked={field.value ?? true}
                    onChange={(evento) => field.onChange(evento.currentTarget.checked)}
                  />
                )}
              />
            ) : null}
          </Stack>
        </Fieldset>

        <Group justify="flex-end" gap="xs" mt="xs">
          {soloLectura ? (
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={guardando}>
                Cancelar
              </Button>
              <Button type="submit" loading={guardando} disabled={guardando}>
                Guardar
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
