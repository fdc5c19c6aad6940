import { useState } from 'react';
import { Group, Loader, Paper, SimpleGrid, Switch, Text } from '@mantine/core';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  CODIGO_FACTURA_PAGO_PROVEEDOR_MAXIMO,
  COMPROBANTE_PAGO_PROVEEDOR_MAXIMO,
  DECIMALES_PORCENTAJE,
  hoyNegocio,
  MAXIMO_FORMAS_PAGO_PROVEEDOR,
  MENSAJES_ADJUNTO,
  OBSERVACIONES_PAGO_MAXIMO,
  type FormaPago,
  type PagoProveedor,
  type PagoProveedorGuardar,
  type Proveedor,
  type TipoConcepto,
} from '@tablero/domain';
import { CampoAreaTexto, CampoMonto, CampoNumero, CampoSelect, CampoTexto } from '@/components/campos-formulario';
import { CampoFecha } from '@/components/entrada-fecha';
import { SelectorFormaPago, TablaFilasPago, type CambioFilaPago, type ColumnaFilaPago } from '@/components/filas-pago';
import { FormularioModal, ModalFormulario } from '@/components/modal-formulario';
import { ErrorCargaModal } from '@/components/carga-detalle';
import { comprimirImagen, ImagenNoAdjuntada } from '@/lib/comprimir-imagen';
import { useFormasPago } from '@/lib/formas-pago';
import { formatearMoneda } from '@/lib/formato';
import { notificarAviso, notificarError } from '@/lib/notificaciones';
import { useGuardarPagoProveedor, usePagoProveedor, useTodosProveedores, useTodosTiposConceptos } from '../api/pagos-proveedores';
import {
  agregarFila,
  cifrasDe,
  formasOfrecidas,
  formularioDePago,
  formularioVacio,
  mensajeInvalido,
  motivoNoAgregar,
  puedeAgregarOtra,
  sumaFormas,
  validarPagoProveedor,
  type FilaPagoProveedor,
  type FormularioPagoProveedor,
} from './pago-proveedor.logica';

/** Which payment the dialog shows: a new one, or the one with this id (loaded for editing). */
export type AperturaPago = { id: null } | { id: number };

interface PagoProveedorModalProps {
  /** null: the dialog is closed. */
  apertura: AperturaPago | null;
  onCerrar: () => void;
}

const TITULO = 'Registro de pago a proveedor';

/** The chosen methods (spec 002 §5 Supplier payment): voucher code where the method requires it, its picture, the amount. */
const COLUMNAS: readonly ColumnaFilaPago[] = [
  { campo: 'comprobante', titulo: 'Código comprobante', ancho: 170, maximo: COMPROBANTE_PAGO_PROVEEDOR_MAXIMO, sinComprobante: (
      <Text size="xs" c="dimmed">
        No requiere
      </Text>
    ),
  },
  { campo: 'adjunto', titulo: 'Adjunto', ancho: 150, estilo: 'boton' },
  { campo: 'valor', titulo: 'Valor', ancho: 160 },
];

/**
 * The supplier payment form (spec 002 §2.12, §5 Supplier payment), a large static dialog 'Registro de
 * pago a proveedor'. New, or opened with a payment id to edit it (loaded by id). The rules live in
 * pago-proveedor.logica.ts; this component holds the state and talks to the API.
 */
export function PagoProveedorModal({ apertura, onCerrar }: PagoProveedorModalProps) {
  return (
    <ModalFormulario opened={apertura !== null} onClose={onCerrar} titulo={TITULO} size="xl">
      {apertura === null ? null : apertura.id === null ? <Cargar key="__nuevo__" id={null} /> : <Cargar key={apertura.id} id={apertura.id} />}
    </ModalFormulario>
  );
}

function Cargar({ id }: { id: number | null }) {
  const conceptos = useTodosTiposConceptos();
  const proveedores = useTodosProveedores();
  const formas = useFormasPago();
  const pago = usePagoProveedorSiHay(id);
  const error = conceptos.error ?? proveedores.error ?? formas.error ?? pago.error;
  if (error) return <ErrorCargaModal error={error} texto="el pago" />;
  if (!conceptos.data || !proveedores.data || !formas.data || (id !== null && !pago.data)) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={id === null ? 'Cargando formulario' : 'Cargando pago'} />
      </Group>
    );
  }
  return <Formulario id={id} pago={pago.data ?? null} conceptos={conceptos.data} proveedores={proveedores.data} formas={formas.data} />;
}

/** The payment being edited, or nothing for a new one (the query is disabled then). */
function usePagoProveedorSiHay(id: number | null) {
  const consulta = usePagoProveedor(id ?? 0, id !== null);
  return id === null ? { data: undefined, error: null } : consulta;
}

interface FormularioProps {
  id: number | null;
  pago: PagoProveedor | null;
  conceptos: TipoConcepto[];
  proveedores: Proveedor[];
  formas: FormaPago[];
}

const resolver: Resolver<FormularioPagoProveedor, unknown, PagoProveedorGuardar> = (valores) => {
  const resultado = validarPagoProveedor(valores);
  return resultado.ok ? { values: resultado.cuerpo, errors: {} } : { values: {}, errors: resultado.errores };
};

function Formulario({ id, pago, conceptos, proveedores, formas }: FormularioProps) {
  const guardar = useGuardarPagoProveedor();
  const hoy = hoyNegocio();
  const form = useForm<FormularioPagoProveedor, unknown, PagoProveedorGuardar>({
    resolver,
    defaultValues: pago ? formularioDePago(pago, formas) : formularioVacio(),
  });
  const { control, setValue, getValues } = form;
  const gestion = useWatch({ control, name: 'gestion_factura' });
  const filas = useWatch({ control, name: 'formas' });
  const [valor_total, pj_iva, pj_retefuente] = useWatch({ control, name: ['valor_total', 'pj_iva', 'pj_retefuente'] });
  const cifras = cifrasDe({ valor_total, pj_iva, pj_retefuente, gestion_factura: gestion });
  const suma = sumaFormas(filas);
  const errorFormas = form.formState.errors.formas?.message;
  // A payment already made cannot go back to gestion de factura (the server refuses it too).
  const gestionBloqueada = pago !== null && !pago.gestion_factura;

  const ofrecidas = formasOfrecidas(formas, filas);

  // From the rows as they are when it runs: a compressed picture arrives after other edits of the table.
  const cambiarFilas = (cambio: (actuales: FilaPagoProveedor[]) => FilaPagoProveedor[]) => {
    setValue('formas', cambio(getValues('formas')), { shouldDirty: true });
    if (form.formState.errors.formas) form.clearErrors('formas');
  };
  const actualizarFila = (clave: number, cambio: CambioFilaPago) =>
    cambiarFilas((actuales) => actuales.map((fila) => (fila.clave === clave ? { ...fila, ...cambio } : fila)));

  const agregar = (formaId: number | undefined) => {
    const forma = ofrecidas.find((f) => f.id === formaId);
    const motivo = motivoNoAgregar(forma, filas);
    if (motivo) {
      // spec 002 §5: no method chosen is an error; a row left incomplete is a warning.
      if (motivo.tipo === 'error') notificarError(motivo.mensaje);
      else notificarAviso(motivo.mensaje);
      return false;
    }
    if (!forma) return false;
    cambiarFilas((actuales) => agregarFila(actuales, forma, cifras.valor_total_pagar));
    return true;
  };

  // The rows whose picture is being compressed: Guardar datos waits for them.
  const [comprimiendo, setComprimiendo] = useState<readonly number[]>([]);
  const adjuntar = async (clave: number, archivo: File | null) => {
    if (!archivo) {
      notificarError(MENSAJES_ADJUNTO.archivo);
      return;
    }
    setComprimiendo((claves) => [...claves, clave]);
    try {
      actualizarFila(clave, { adjunto: await comprimirImagen(archivo), adjuntoGuardado: null });
    } catch (error) {
      notificarError(error instanceof ImagenNoAdjuntada ? error.message : MENSAJES_ADJUNTO.lectura);
    } finally {
      setComprimiendo((claves) => claves.filter((otra) => otra !== clave));
    }
  };

  return (
    <FormularioModal
      form={form}
      textoGuardar="Guardar datos"
      deshabilitado={comprimiendo.length > 0}
      guardar={(cuerpo) => guardar.mutateAsync({ id, cuerpo })}
      camposServidor={['tipo_concepto_id', 'proveedor_id', 'codigo_factura', 'fecha_factura', 'fecha_pago', 'valor_total', 'pj_iva', 'pj_retefuente', 'observaciones']}
      alInvalido={(errores) => notificarError(mensajeInvalido(errores))}
    >
      <Switch
        label="Gestión de factura"
        description={gestionBloqueada ? 'El pago ya está realizado: no puede volver a gestión de factura' : 'La factura queda por pagar: los datos del pago se completan después'}
        checked={gestion}
        disabled={gestionBloqueada}
        onChange={(evento) => {
          setValue('gestion_factura', evento.currentTarget.checked, { shouldDirty: true });
          form.clearErrors();
        }}
      />
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <CampoSelect
          control={control}
          name="tipo_concepto_id"
          numerico
          label="Tipo de concepto"
          placeholder="Seleccione"
          withAsterisk
          data={conceptos.map((c) => ({ value: String(c.id), label: c.nombre_tipo_concepto }))}
          searchable
          nothingFoundMessage="Sin resultados"
          data-autofocus
        />
        <CampoSelect
          control={control}
          name="proveedor_id"
          numerico
          label="Proveedor"
          placeholder="Seleccione"
          withAsterisk
          data={proveedores.map((p) => ({ value: String(p.id), label: `${p.nombre_proveedor} · NIT ${p.nit}` }))}
          searchable
          nothingFoundMessage="Sin resultados"
        />
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
        {gestion ? null : <CampoTexto control={control} name="codigo_factura" label="Código factura" withAsterisk maxLength={CODIGO_FACTURA_PAGO_PROVEEDOR_MAXIMO} />}
        <CampoFecha control={control} name="fecha_factura" label="Fecha a pagar factura" withAsterisk />
        {gestion ? null : <CampoFecha control={control} name="fecha_pago" label="Fecha de pago" withAsterisk maxDate={hoy} />}
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs">
        <CampoMonto control={control} name="valor_total" label="Valor total (con IVA)" withAsterisk />
        {gestion ? null : <CampoNumero control={control} name="pj_iva" label="IVA %" withAsterisk decimales={DECIMALES_PORCENTAJE} sufijo=" %" />}
        {gestion ? null : <CampoNumero control={control} name="pj_retefuente" label="Retención %" withAsterisk decimales={DECIMALES_PORCENTAJE} sufijo=" %" />}
      </SimpleGrid>

      <Paper withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-gray-0)" aria-label="Valores calculados">
        <SimpleGrid cols={4} spacing="xs">
          <Cifra etiqueta="Valor antes de IVA" valor={cifras.valor_antes_iva} testId="cifra-antes-iva" />
          <Cifra etiqueta="IVA" valor={cifras.valor_iva} testId="cifra-iva" />
          <Cifra etiqueta="Retención" valor={cifras.valor_rte} testId="cifra-rte" />
          <Cifra etiqueta="Total a pagar" valor={cifras.valor_total_pagar} testId="cifra-total-pagar" fuerte />
        </SimpleGrid>
      </Paper>

      {gestion ? null : (
        <>
          <SelectorFormaPago formas={ofrecidas} onAgregar={agregar} limite={{ alcanzado: !puedeAgregarOtra(filas), texto: `Máximo ${MAXIMO_FORMAS_PAGO_PROVEEDOR} formas de pago` }} />
          <TablaFilasPago
            nombre="Formas de pago del pago"
            vacio="Agregue las formas de pago con que se pagó la factura"
            columnas={COLUMNAS}
            filas={filas}
            onCambiar={actualizarFila}
            onQuitar={(clave) => cambiarFilas((actuales) => actuales.filter((otra) => otra.clave !== clave))}
            onAdjuntar={(clave, archivo) => void adjuntar(clave, archivo)}
            comprimiendo={comprimiendo}
            fija
            nombreEnTexto
          />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c={errorFormas ? 'red' : 'dimmed'} role={errorFormas ? 'alert' : undefined}>
              {errorFormas ?? ''}
            </Text>
            <Text size="sm" data-testid="suma-formas">
              {'Suma de formas de pago: '}
              <Text span fw={700} c={filas.length > 0 && suma !== cifras.valor_total_pagar ? 'orange.8' : undefined}>
                {formatearMoneda(suma)}
              </Text>
              {` de ${formatearMoneda(cifras.valor_total_pagar)}`}
            </Text>
          </Group>
          <CampoAreaTexto control={control} name="observaciones" label="Observaciones" withAsterisk autosize minRows={2} maxRows={4} maxLength={OBSERVACIONES_PAGO_MAXIMO} />
        </>
      )}
    </FormularioModal>
  );
}

function Cifra({ etiqueta, valor, testId, fuerte = false }: { etiqueta: string; valor: number; testId: string; fuerte?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Text size={fuerte ? 'md' : 'sm'} fw={fuerte ? 700 : 500} data-testid={testId}>
        {formatearMoneda(valor) || '$0'}
      </Text>
    </div>
  );
}
