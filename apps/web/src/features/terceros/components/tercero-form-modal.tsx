import type { ReactNode } from 'react';
import { Alert, Center, Fieldset, Loader, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  PAIS_COLOMBIA,
  puedeEditarTercero,
  puedeElegirTipoTercero,
  terceroCrearSchema,
  terceroEditarSchema,
  tipoTerceroIngresa,
  type Tercero,
  type TerceroGuardar,
  type TerceroGuardarEntrada,
  type TipoTercero,
} from '@tablero/domain';
import { FormularioModal, ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { CamposRetencionTercero, useRetencionTercero } from '@/features/retenciones';
import { avisarFormularioInvalido } from '../aviso-formulario';
import { useSesion, useTienda } from '@/lib/sesion';
import { useCreateTercero } from '../api/create-tercero';
import { useTercero, type TerceroDetalle } from '../api/get-tercero';
import { useUpdateTercero } from '../api/update-tercero';
import { TerceroCamposDatos } from './tercero-campos-datos';
import { TerceroCamposUbicacion } from './tercero-campos-ubicacion';
import { TerceroCamposUsuario } from './tercero-campos-usuario';

interface TerceroFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The third party being edited; null when adding one. */
  tercero: Tercero | null;
  /** Called with the third party a create saved (the order form chooses the customer it just created). */
  onGuardado?: (tercero: Tercero) => void;
}

/** Third-party form in a large static modal (spec 001 Customers screen; §4 Third party; §5 Third party; §6). */
export function TerceroFormModal({ opened, onClose, tercero, onGuardado }: TerceroFormModalProps) {
  const sesion = useSesion();
  const detalle = useTercero(opened && tercero ? tercero.id : null);
  // docs/decisions-terceros.md: the server refuses (409) a Vendedor saving staff or messengers, so the dialog does not offer
  // the edit at all; it shows the third party read-only. The fresh detail's type wins over the row's.
  const tipo = detalle.data?.tercero.tipo_tercero ?? tercero?.tipo_tercero ?? 'C';
  const soloLectura = tercero !== null && (sesion === null || !puedeEditarTercero(sesion.role, tipo));
  return (
    <ModalFormulario
      opened={opened}
      onClose={onClose}
      titulo={tercero ? (soloLectura ? 'Ver tercero' : 'Editar tercero') : 'Agregar tercero'}
      size="lg"
      soloLectura={soloLectura}
    >
      {tercero ? (
        <TerceroCargado id={tercero.id} soloLectura={soloLectura} />
      ) : (
        <TerceroFormulario key="__nuevo__" detalle={null} soloLectura={false} {...(onGuardado ? { onGuardado } : {})} />
      )}
    </ModalFormulario>
  );
}

/**
 * Waits for this opening's own read of the third party, so the form never starts from an older cached copy. Mounted
 * only while the dialog is open: the refetch a save causes does not swap the form for the loader.
 */
function TerceroCargado({ id, soloLectura }: { id: number; soloLectura: boolean }) {
  const detalle = useTercero(id);
  if (!detalle.data || !detalle.isFetchedAfterMount) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Cargando" />
      </Center>
    );
  }
  // Keyed so each third party starts from its own data.
  return <TerceroFormulario key={id} detalle={detalle.data} soloLectura={soloLectura} />;
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
  onGuardado?: (tercero: Tercero) => void;
}

/** The form binding: one react-hook-form over the three parts, and what a save sends for the chosen type. */
function TerceroFormulario({ detalle, soloLectura, onGuardado }: TerceroFormularioProps) {
  const sesion = useSesion();
  const tienda = useTienda();
  const esEdicion = detalle !== null;
  const tieneUsuario = detalle?.role_tercero.user_id != null;
  const eligeTipo = !soloLectura && sesion !== null && puedeElegirTipoTercero(sesion.role);
  const crear = useCreateTercero();
  const editar = useUpdateTercero();
  // The customer's withholding settings (docs/decisions-retenciones.md), saved right after the customer.
  const retencion = useRetencionTercero(detalle?.tercero.id ?? null);

  const form = useForm<TerceroGuardarEntrada, unknown, TerceroGuardar>({
    resolver: zodResolver(esEdicion ? terceroEditarSchema : terceroCrearSchema),
    defaultValues: valoresIniciales(detalle, tienda?.codigo_tienda ?? null),
  });

  const tipo = (useWatch({ control: form.control, name: 'tipo_tercero' }) ?? 'C') as TipoTercero;
  const esCliente = tipo === 'C';
  const ingresa = tipoTerceroIngresa(tipo);
  // spec 001 §6: the password shows for a third party with a linked user or whose type is neither C nor MSJ.
  // Read-only: a password field would invite typing one that can never be saved.
  const muestraClave = !soloLectura && (tieneUsuario || ingresa);
  // spec 001 §4: the active switch only when editing a non-customer with a linked user.
  const muestraActivo = esEdicion && tieneUsuario && !esCliente;

  const guardar = async (datos: TerceroGuardar): Promise<string> => {
    const cuerpo: TerceroGuardar = {
      ...datos,
      tiendas: ingresa ? datos.tiendas : undefined,
      activo: muestraActivo ? datos.activo : undefined,
      password_usuario: muestraClave ? datos.password_usuario : null,
    };
    if (detalle) {
      const mensaje = await editar.mutateAsync({ id: detalle.tercero.id, datos: cuerpo });
      if (esCliente) await retencion.guardar(detalle.tercero.id);
      return mensaje;
    }
    const creado = await crear.mutateAsync(cuerpo);
    if (esCliente) await retencion.guardar(creado.tercero.id);
    onGuardado?.(creado.tercero);
    return creado.mensaje;
  };

  const campos = (
    // A disabled fieldset disables every input inside at once, including ones added later.
    <Fieldset disabled={soloLectura} variant="unstyled" p={0} m={0} miw={0}>
      <Stack gap="sm">
        <TerceroCamposDatos form={form} tipo={tipo} eligeTipo={eligeTipo} />
        <TerceroCamposUbicacion form={form} esCliente={esCliente} />
        {esCliente ? <CamposRetencionTercero estado={retencion} /> : null}
        <TerceroCamposUsuario
          form={form}
          tipo={tipo}
          ingresa={ingresa}
          tieneUsuario={tieneUsuario}
          muestraClave={muestraClave}
          muestraActivo={muestraActivo}
          soloLectura={soloLectura}
        />
      </Stack>
    </Fieldset>
  );

  if (soloLectura) return <TerceroSoloLectura>{campos}</TerceroSoloLectura>;
  return (
    <FormularioModal form={form} guardar={guardar} camposServidor={CAMPOS} textoCerrar="Cancelar" alInvalido={avisarFormularioInvalido}>
      {campos}
    </FormularioModal>
  );
}

/** A third party this user may only see (docs/decisions-terceros.md): a note, the disabled fields and Cerrar, nothing to save. */
function TerceroSoloLectura({ children }: { children: ReactNode }) {
  return (
    <form noValidate onSubmit={(evento) => evento.preventDefault()}>
      <Stack gap="sm">
        <Alert color="blue" variant="light" p="xs">
          Solo un administrador puede editar este tercero.
        </Alert>
        {children}
        <PieCerrar mt="xs" />
      </Stack>
    </form>
  );
}
