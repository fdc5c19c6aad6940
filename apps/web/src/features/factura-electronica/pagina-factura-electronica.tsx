import { useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Grid, Group, List, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import {
  AMBIENTES_FE,
  calcularDvNit,
  configuracionFeGuardarSchema,
  MENSAJES_POS,
  NOMBRES_AMBIENTE_FE,
  NOMBRES_PROVEEDOR_FE,
  NOMBRES_RESPONSABILIDAD_FISCAL,
  NOMBRES_TIPO_PERSONA_FE,
  PAIS_COLOMBIA,
  PROVEEDORES_FE,
  RESPONSABILIDADES_FISCALES,
  TIPOS_PERSONA_FE,
  type ConfiguracionFeGuardar,
  type ConfiguracionFeVista,
} from '@tablero/domain';
import { CampoClave, CampoEntero, CampoMultiSelect, CampoSelect, CampoSwitch, CampoTexto } from '@/components/campos-formulario';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { TituloConNota } from '@/components/titulo-con-nota';
import { CampoLugar, useCiudades, useDepartamentos } from '@/features/terceros';
import { tiendasUsuarioQueryOptions } from '@/features/tiendas';
import { ApiError } from '@/lib/api-error';
import { formatearFechaHora } from '@/lib/formato';
import { aplicarErroresDelServidor, avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useSesion } from '@/lib/sesion';
import { useConfiguracionFe, useGuardarConfiguracion } from './api/configuracion';
import { CertificadoFirma } from './components/certificado-firma';
import { CAMPOS_FORMULARIO_FE, valoresFormulario, valoresTrasGuardar, type FormularioFe } from './components/formulario.logica';
import { SincronizacionSiigo } from '@/features/siigo';

const opcionesDe = <T extends string | number>(valores: readonly T[], nombres: Record<T, string>) =>
  valores.map((valor) => ({ value: String(valor), label: nombres[valor] }));

const OPCIONES_TIPO_PERSONA = opcionesDe(TIPOS_PERSONA_FE, NOMBRES_TIPO_PERSONA_FE);
const OPCIONES_AMBIENTE = opcionesDe(AMBIENTES_FE, NOMBRES_AMBIENTE_FE);
const OPCIONES_PROVEEDOR = opcionesDe(PROVEEDORES_FE, NOMBRES_PROVEEDOR_FE);
const OPCIONES_RESPONSABILIDAD = RESPONSABILIDADES_FISCALES.map((codigo) => ({ value: codigo, label: `${codigo} - ${NOMBRES_RESPONSABILIDAD_FISCAL[codigo]}` }));

/** A stored secret shows as set; blank keeps it. */
const marcaSecreto = (configurado: boolean) => (configurado ? 'Configurado' : undefined);
const OJO = { 'aria-label': 'Mostrar u ocultar la contraseña' };

function Seccion({ titulo, descripcion, children }: { titulo: string; descripcion?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={titulo}>
      <Stack gap="xs">
        <div>
          <TituloConNota titulo={titulo} nota={descripcion} />
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

type Formulario = UseFormReturn<FormularioFe, unknown, ConfiguracionFeGuardar>;

/** Emisor: the company as DIAN knows it; department → municipality from DANE's DIVIPOLA. */
function SeccionEmisor({ form }: { form: Formulario }) {
  const { control, setValue } = form;
  const nit = useWatch({ control, name: 'nit' }).replace(/[.\s]/g, '');
  const departamento = useWatch({ control, name: 'departamento_codigo' });
  const departamentos = useDepartamentos(PAIS_COLOMBIA);
  const municipios = useCiudades(PAIS_COLOMBIA, departamento, true);
  const opcionesDepartamento = useMemo(() => (departamentos.data ?? []).map((d) => ({ value: d.state_code, label: d.state_name })), [departamentos.data]);
  const opcionesMunicipio = useMemo(() => (municipios.data ?? []).map((m) => ({ value: m.city_code, label: m.city_name })), [municipios.data]);
  return (
    <Seccion titulo="Emisor" descripcion="La empresa tal como la registra la DIAN (RUT).">
      <Grid gap="xs">
        <Grid.Col span={5}>
          <CampoTexto control={control} name="nit" label="NIT" withAsterisk maxLength={20} placeholder="Sin dígito de verificación" />
        </Grid.Col>
        <Grid.Col span={2}>
          <CampoTexto
            control={control}
            name="dv"
            label="DV"
            withAsterisk
            maxLength={1}
            inputMode="numeric"
            description={/^\d{5,15}$/.test(nit) ? `Calculado: ${calcularDvNit(nit)}` : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Grid.Col>
        <Grid.Col span={5}>
          <CampoSelect control={control} name="tipo_persona" label="Tipo de persona" withAsterisk data={OPCIONES_TIPO_PERSONA} allowDeselect={false} />
        </Grid.Col>
        <Grid.Col span={7}>
          <CampoTexto control={control} name="razon_social" label="Razón social" withAsterisk maxLength={200} />
        </Grid.Col>
        <Grid.Col span={5}>
          <CampoTexto control={control} name="nombre_comercial" label="Nombre comercial" maxLength={200} />
        </Grid.Col>
        <Grid.Col span={12}>
          <CampoMultiSelect
            control={control}
            name="responsabilidades_fiscales"
            label="Responsabilidades fiscales"
            withAsterisk
            data={OPCIONES_RESPONSABILIDAD}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <CampoTexto control={control} name="direccion" label="Dirección" withAsterisk maxLength={200} />
        </Grid.Col>
        <Grid.Col span={6}>
          <CampoLugar
            control={control}
            name="departamento_codigo"
            label="Departamento"
            withAsterisk
            data={opcionesDepartamento}
            // Another department: its municipalities are others.
            alCambiar={() => setValue('municipio_codigo', null, { shouldDirty: true })}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <CampoLugar control={control} name="municipio_codigo" label="Municipio" withAsterisk disabled={!departamento} data={opcionesMunicipio} />
        </Grid.Col>
        <Grid.Col span={5}>
          <CampoTexto control={control} name="telefono" label="Teléfono" maxLength={30} />
        </Grid.Col>
        <Grid.Col span={7}>
          <CampoTexto control={control} name="correo_electronico" label="Correo electrónico" maxLength={150} type="email" />
        </Grid.Col>
      </Grid>
    </Seccion>
  );
}

function SeccionDian({ form, configuracion }: { form: Formulario; configuracion: ConfiguracionFeVista }) {
  const { control } = form;
  return (
    <Seccion titulo="DIAN" descripcion="El software registrado en el portal de la DIAN (facturación gratuita / software propio).">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <CampoSelect control={control} name="ambiente" label="Ambiente" withAsterisk data={OPCIONES_AMBIENTE} allowDeselect={false} />
        <CampoTexto control={control} name="test_set_id" label="TestSetId (habilitación)" maxLength={60} />
        <CampoTexto control={control} name="software_id" label="Identificador del software" maxLength={60} />
        <CampoClave control={control} name="software_pin" label="PIN del software" maxLength={60} placeholder={marcaSecreto(configuracion.software_pin_configurado)} autoComplete="new-password" visibilityToggleButtonProps={OJO} />
      </SimpleGrid>
    </Seccion>
  );
}

function SeccionProveedor({ form, configuracion }: { form: Formulario; configuracion: ConfiguracionFeVista }) {
  const { control } = form;
  const proveedor = useWatch({ control, name: 'proveedor' });
  return (
    <Seccion titulo="Proveedor" descripcion="Quién lleva las facturas electrónicas y los documentos equivalentes POS a la DIAN. Con «Ninguno» quedan construidos y firmados, pendientes de envío.">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <CampoSelect control={control} name="proveedor" label="Proveedor" withAsterisk data={OPCIONES_PROVEEDOR} allowDeselect={false} />
        {proveedor !== 'NINGUNO' ? <CampoTexto control={control} name="proveedor_url" label="URL del servicio (opcional)" maxLength={300} placeholder="La pública del proveedor" /> : <div />}
        {proveedor === 'SIIGO' ? (
          <>
            <CampoTexto control={control} name="siigo_usuario" label="Usuario de Siigo" withAsterisk maxLength={150} />
            <CampoClave
              control={control}
              name="siigo_access_key"
              label="Access key de Siigo"
              withAsterisk={!configuracion.siigo_access_key_configurada}
              maxLength={200}
              placeholder={marcaSecreto(configuracion.siigo_access_key_configurada)}
              autoComplete="new-password" visibilityToggleButtonProps={OJO}
            />
            <CampoTexto control={control} name="siigo_partner_id" label="Partner-Id" withAsterisk maxLength={100} />
          </>
        ) : null}
      </SimpleGrid>
      {/* docs/decisions-factura-electronica.md, "Documento equivalente POS": Siigo's public API has no POS document. */}
      {proveedor === 'SIIGO' ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mt="xs" aria-label="Documento equivalente POS con Siigo">
          {MENSAJES_POS.avisoSiigo}
        </Alert>
      ) : null}
      {/* The syncs use the saved connection, so they are offered once Siigo is the saved provider. */}
      {proveedor === 'SIIGO' && configuracion.proveedor === 'SIIGO' && configuracion.siigo_access_key_configurada ? <SincronizacionSiigo /> : null}
    </Seccion>
  );
}

function SeccionEnvioAutomatico({ form }: { form: Formulario }) {
  const sesion = useSesion();
  const tiendas = useQuery({ ...tiendasUsuarioQueryOptions(sesion?.id ?? 0), enabled: sesion !== null });
  const opciones = (tiendas.data ?? []).map((tienda) => ({ value: tienda.codigo_tienda, label: `${tienda.codigo_tienda} - ${tienda.nombre_tienda}` }));
  return (
    <Seccion titulo="Envío automático" descripcion="Las facturas electrónicas de estas tiendas se envían a la DIAN al facturar; las demás esperan a «Timbrar».">
      <CampoMultiSelect control={form.control} name="tiendas_envio_automatico" label="Tiendas" placeholder="Ninguna" data={opciones} />
    </Seccion>
  );
}

function SeccionSmtp({ form, configuracion }: { form: Formulario; configuracion: ConfiguracionFeVista }) {
  const { control } = form;
  return (
    <Seccion titulo="Correo SMTP" descripcion="El servidor que envía la factura al cliente. Sin servidor, los correos quedan en la bandeja de salida del servidor.">
      <Grid gap="xs">
        <Grid.Col span={8}>
          <CampoTexto control={control} name="smtp_host" label="Servidor" maxLength={200} placeholder="smtp.ejemplo.com" />
        </Grid.Col>
        <Grid.Col span={4}>
          <CampoEntero control={control} name="smtp_puerto" label="Puerto" placeholder="587" />
        </Grid.Col>
        <Grid.Col span={6}>
          <CampoTexto control={control} name="smtp_usuario" label="Usuario" maxLength={150} autoComplete="off" />
        </Grid.Col>
        <Grid.Col span={6}>
          <CampoClave control={control} name="smtp_clave" label="Contraseña" maxLength={200} placeholder={marcaSecreto(configuracion.smtp_clave_configurada)} autoComplete="new-password" visibilityToggleButtonProps={OJO} />
        </Grid.Col>
        <Grid.Col span={8}>
          <CampoTexto control={control} name="smtp_remitente" label="Remitente" maxLength={150} placeholder="facturacion@ejemplo.com" />
        </Grid.Col>
        <Grid.Col span={4} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 10 }}>
          <CampoSwitch control={control} name="smtp_seguro" label="TLS directo (465)" />
        </Grid.Col>
      </Grid>
    </Seccion>
  );
}

function AvisosConfiguracion({ avisos }: { avisos: readonly string[] }) {
  if (avisos.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Pendiente para enviar facturas electrónicas" role="status" py="xs">
      <List size="sm" spacing={2}>
        {avisos.map((aviso) => (
          <List.Item key={aviso}>{aviso}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function FormularioConfiguracion({ configuracion, avisos }: { configuracion: ConfiguracionFeVista; avisos: string[] }) {
  const guardar = useGuardarConfiguracion();
  const form = useForm<FormularioFe, unknown, ConfiguracionFeGuardar>({
    // The schema reads the selects' text and the port; its input type is wider than the form's.
    resolver: zodResolver(configuracionFeGuardarSchema) as Resolver<FormularioFe, unknown, ConfiguracionFeGuardar>,
    defaultValues: valoresFormulario(configuracion),
  });
  // A ref, not the mutation's state: a second Enter can come before the render that disables Guardar.
  const enCurso = useRef(false);
  const errorCertificado = form.formState.errors.root?.certificado?.message;

  const guardarValidos = async (datos: ConfiguracionFeGuardar) => {
    if (enCurso.current) return;
    enCurso.current = true;
    form.clearErrors('root.certificado');
    try {
      notificarExito(await guardar.mutateAsync(datos));
      form.reset(valoresTrasGuardar(form.getValues()));
    } catch (error) {
      aplicarErroresDelServidor(error, form.setError, CAMPOS_FORMULARIO_FE);
      // The certificate is uploaded apart: its message goes to its section.
      const certificado = error instanceof ApiError ? error.errors.certificado?.[0] : undefined;
      if (certificado) form.setError('root.certificado', { type: 'server', message: certificado });
    } finally {
      enCurso.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(evento) => void form.handleSubmit(guardarValidos, avisarFaltanCampos)(evento)}>
      <Stack gap="sm">
        <AvisosConfiguracion avisos={avisos} />
        {/* Two columns in the order of the sections (Tab follows it): each row pairs sections of about the same height. */}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SeccionEmisor form={form} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="sm">
              <SeccionDian form={form} configuracion={configuracion} />
              <Seccion titulo="Certificado de firma" descripcion="El certificado digital de la empresa (ONAC) con el que se firman las facturas. Se guarda cifrado.">
                <CertificadoFirma certificado={configuracion.certificado} error={errorCertificado} />
              </Seccion>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="sm">
              <SeccionProveedor form={form} configuracion={configuracion} />
              <SeccionEnvioAutomatico form={form} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SeccionSmtp form={form} configuracion={configuracion} />
          </Grid.Col>
        </Grid>
        {/* Guardar stays in sight while the page scrolls; on the left, where the toasts (bottom right) never cover it. */}
        <Paper withBorder p="xs" radius="sm" shadow="xs" style={{ position: 'sticky', bottom: 8, zIndex: 5 }}>
          <Group gap="sm" wrap="nowrap">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={guardar.isPending}>
              Guardar
            </Button>
            <Text size="xs" c="dimmed">
              Los secretos en blanco conservan el valor guardado.
              {configuracion.nombre_usuario ? ` Última modificación: ${configuracion.nombre_usuario}, ${formatearFechaHora(configuracion.updated_at)}.` : ''}
            </Text>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/**
 * #/maestros/factura-electronica (docs/decisions-factura-electronica.md; Maestros, SuperAdministrador): the issuer, the DIAN software, the
 * signing certificate, the provider, the stores that send at billing and the SMTP server, on one page, with what still
 * keeps invoices from being sent listed on top.
 */
export function PaginaFacturaElectronica() {
  const consulta = useConfiguracionFe();
  return (
    <Stack gap="sm" maw={1280}>
      <EncabezadoPagina titulo="Factura electrónica" descripcion="Datos de la empresa y de la facturación electrónica ante la DIAN." />
      {consulta.data ? (
        <FormularioConfiguracion configuracion={consulta.data.configuracion} avisos={consulta.data.avisos} />
      ) : (
        <Center py="xl">
          <Loader size="sm" aria-label="Cargando" />
        </Center>
      )}
    </Stack>
  );
}
