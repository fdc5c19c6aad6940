import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypePdf, IconPigMoney } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { hoyNegocio, MENSAJES_FILAS_PAGO, OBSERVACION_ABONO_MAXIMA, type PagoCredito, type FormaPago, type VentaPendienteCredito } from '@tablero/domain';
import { CampoAreaTexto, CampoSelect } from '@/components/campos-formulario';
import { EnlaceDocumento } from '@/components/enlace-documento';
import { CampoFecha } from '@/components/entrada-fecha';
import { SelectorFormaPago, TablaFilasPago, type CambioFilaPago, type ColumnaFilaPago } from '@/components/filas-pago';
import { ModalDeCliente } from '@/components/modal-de-cliente';
import { FormularioModal } from '@/components/modal-formulario';
import { ErrorCargaModal } from '@/components/carga-detalle';
import { SeccionRetenciones, useRetencionesFactura } from '@/features/retenciones';
import { useFormasPago } from '@/lib/formas-pago';
import { formatearFecha, formatearMoneda, formatearMonedaLista } from '@/lib/formato';
import { notificarAviso, notificarError } from '@/lib/notificaciones';
import { useRegistrarPagoCredito, useSaldoAnticipo, useVentasPendientes } from '../api/creditos';
import {
  agregarAnticipo,
  agregarFila,
  esquemaPagoCredito,
  excesoAnticipo,
  formaAnticipo,
  formasOfrecidas,
  mensajeInvalido,
  motivoNoAgregar,
  saldoDeVenta,
  totalPagoCredito,
  type FilaPagoCredito,
  type FormularioPagoCredito,
} from './pago-credito.logica';

/** The credit whose sale is paid: its id and the customer (the title carries the names, spec 002 §2.3). */
export interface CreditoPago {
  id: number;
  cliente_id: number;
  nombres: string;
  apellidos: string;
}

interface PagoCreditoModalProps {
  /** The credit; null: the dialog is closed. */
  credito: CreditoPago | null;
  /** Opened from a sale's row: that sale, locked and preselected. */
  ventaId?: number | null;
  onCerrar: () => void;
}


/**
 * The credit payment form (spec 002 §2.3, §5 Credit payment), a large static dialog: the sale (locked
 * when opened from one) among the pending ones with their balances, the date (not after today), the observation, the
 * methods with their amounts (and voucher code and deposit date where the method asks for them), the customer's
 * advance balance usable as a method, the total, and the sale's receipt once one is chosen. Saving posts one payment.
 */
export function PagoCreditoModal({ credito, ventaId = null, onCerrar }: PagoCreditoModalProps) {
  return (
    <ModalDeCliente titulo="Registrar abono" registro={credito} onCerrar={onCerrar} size="lg" clave={(c) => `${c.id}:${ventaId ?? ''}`}>
      {(c) => <Cargar credito={c} ventaId={ventaId} />}
    </ModalDeCliente>
  );
}

function Cargar({ credito, ventaId }: { credito: CreditoPago; ventaId: number | null }) {
  const ventas = useVentasPendientes(credito.id);
  const formas = useFormasPago();
  const anticipo = useSaldoAnticipo(credito.cliente_id);
  const error = ventas.error ?? formas.error ?? anticipo.error;
  if (error) return <ErrorCargaModal error={error} texto="el crédito" />;
  if (!ventas.data || !formas.data || anticipo.data === undefined) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Cargando crédito" />
      </Group>
    );
  }
  return <Formulario ventas={ventas.data} formas={formas.data} saldoAnticipo={anticipo.data} ventaId={ventaId} />;
}

interface FormularioProps {
  ventas: VentaPendienteCredito[];
  formas: FormaPago[];
  saldoAnticipo: number;
  ventaId: number | null;
}

function Formulario({ ventas, formas, saldoAnticipo, ventaId }: FormularioProps) {
  const registrar = useRegistrarPagoCredito();
  const hoy = hoyNegocio();
  const bloqueada = ventaId !== null;
  const ventaPendiente = ventaId === null || ventas.some((venta) => venta.venta_id === ventaId);
  const esquema = useMemo(() => esquemaPagoCredito(ventas, saldoAnticipo, hoy), [ventas, saldoAnticipo, hoy]);
  const form = useForm<FormularioPagoCredito, unknown, PagoCredito>({
    // The schema reads the form's values (null while not chosen); its input type is narrower than the form's.
    resolver: zodResolver(esquema) as unknown as Resolver<FormularioPagoCredito, unknown, PagoCredito>,
    defaultValues: {
      // Opened from a sale: that one; otherwise the only pending sale when there is just one.
      venta_id: ventaId !== null ? (ventaPendiente ? ventaId : null) : ventas.length === 1 ? (ventas[0]?.venta_id ?? null) : null,
      fecha_abono: hoy,
      observacion_abono: '',
      formas: [],
    },
  });
  const { control, setValue } = form;
  const ventaElegida = useWatch({ control, name: 'venta_id' });
  const filas = useWatch({ control, name: 'formas' });
  const saldoPendiente = saldoDeVenta(ventas, ventaElegida);
  const venta = ventas.find((v) => v.venta_id === ventaElegida) ?? null;

  // Withholdings the customer announces with this payment (docs/decisions-retenciones.md), proposed for the chosen sale.
  const [conRetenciones, setConRetenciones] = useState(false);
  const retenciones = useRetencionesFactura(ventaElegida ?? 0, conRetenciones && ventaElegida !== null);
  const ofrecidas = formasOfrecidas(formas, filas);
  const metodoAnticipo = formaAnticipo(formas);
  // Fixed widths: in the large dialog the amounts keep their room and a long method name wraps instead.
  const columnas: readonly ColumnaFilaPago[] = [
    { campo: 'valor', titulo: 'Valor', ancho: 140 },
    { campo: 'comprobante', titulo: 'Comprobante', ancho: 130, maximo: 60 },
    { campo: 'fecha_consignacion', titulo: 'Fecha consignación', ancho: 140, maxDate: hoy },
  ];
  const usaAnticipo = filas.some((fila) => fila.forma.id === metodoAnticipo?.id);
  const anticipo = excesoAnticipo(filas, saldoAnticipo);

  const cambiarFilas = (nuevas: FilaPagoCredito[]) => setValue('formas', nuevas, { shouldDirty: true });
  const actualizarFila = (clave: number, cambio: CambioFilaPago) =>
    cambiarFilas(filas.map((fila) => (fila.clave === clave ? { ...fila, ...cambio } : fila)));

  const agregar = (formaId: number | undefined) => {
    const forma = ofrecidas.find((f) => f.id === formaId);
    // spec 002 §5: no method chosen is an error; a row left incomplete is a warning.
    if (!forma) {
      notificarError(motivoNoAgregar(forma, filas) ?? '');
      return false;
    }
    const motivo = motivoNoAgregar(forma, filas);
    if (motivo) {
      notificarAviso(motivo);
      return false;
    }
    cambiarFilas(agregarFila(filas, forma, saldoPendiente));
    return true;
  };

  const usarAnticipo = () => {
    const motivo = motivoNoAgregar(metodoAnticipo, filas);
    if (motivo) {
      notificarAviso(motivo);
      return;
    }
    const nuevas = agregarAnticipo(filas, formas, saldoAnticipo, saldoPendiente);
    if (nuevas) cambiarFilas(nuevas);
  };

  const opcionesVenta = ventas.map((v) => ({
    value: String(v.venta_id),
    label: `Venta No. ${v.venta_id} · ${formatearFecha(v.fecha_movimiento)} · Saldo ${formatearMonedaLista(v.valor_saldo_movimiento)}`,
  }));

  return (
    <FormularioModal
      form={form}
      guardar={async (datos) => (await registrar.mutateAsync({ ...datos, retenciones: conRetenciones ? retenciones.solicitud() : [] })).mensaje}
      camposServidor={['venta_id', 'fecha_abono', 'observacion_abono']}
      // spec 002 §5: a missing sale, date or observation is 'Faltan campos por ingresar'; the rules of the methods
      // say their own message.
      alInvalido={(errores) => notificarError(mensajeInvalido(errores))}
    >
      {!ventaPendiente ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {`La venta No. ${ventaId} no tiene saldo pendiente.`}
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <CampoSelect
          control={control}
          name="venta_id"
          numerico
          label="Venta"
          placeholder={ventas.length === 0 ? 'El crédito no tiene ventas pendientes' : 'Seleccione'}
          withAsterisk
          data={opcionesVenta}
          disabled={bloqueada}
          searchable
          allowDeselect={false}
          nothingFoundMessage="Sin resultados"
          data-autofocus={!bloqueada || undefined}
          style={{ flex: 1 }}
        />
        <CampoFecha control={control} name="fecha_abono" label="Fecha del abono" withAsterisk maxDate={hoy} w={170} />
      </Group>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" data-testid="saldo-venta">
          {venta ? (
            <>
              {'Saldo pendiente de la venta: '}
              <strong>{formatearMonedaLista(venta.valor_saldo_movimiento)}</strong>
              {` de ${formatearMonedaLista(venta.valor_movimiento)}`}
            </>
          ) : (
            <Text span size="sm" c="dimmed">
              Seleccione la venta a abonar
            </Text>
          )}
        </Text>
        {venta ? (
          <EnlaceDocumento url={venta.enlace_recibo} texto="Abrir recibo" mensajeError="No se pudo abrir el recibo" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconFileTypePdf size={16} />
              Recibo PDF
            </Group>
          </EnlaceDocumento>
        ) : null}
      </Group>
      <CampoAreaTexto
        control={control}
        name="observacion_abono"
        label="Observación"
        withAsterisk
        autosize
        minRows={2}
        maxLength={OBSERVACION_ABONO_MAXIMA}
        data-autofocus={bloqueada || undefined}
      />

      <SelectorFormaPago formas={ofrecidas} onAgregar={agregar} />
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c={anticipo.excede ? 'red' : undefined} data-testid="saldo-anticipo">
          {'Saldo de anticipos del cliente: '}
          <strong>{formatearMonedaLista(saldoAnticipo)}</strong>
          {anticipo.excede ? `. ${MENSAJES_FILAS_PAGO.anticipoExcede(anticipo.valor)}` : ''}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconPigMoney size={14} />}
          onClick={usarAnticipo}
          disabled={!metodoAnticipo || saldoAnticipo <= 0 || usaAnticipo}
        >
          Usar anticipo
        </Button>
      </Group>

      <TablaFilasPago
        nombre="Formas de pago del abono"
        vacio="Agregue las formas de pago del abono"
        columnas={columnas}
        filas={filas}
        onCambiar={actualizarFila}
        onQuitar={(clave) => cambiarFilas(filas.filter((otra) => otra.clave !== clave))}
        fija
      />
      <Checkbox
        label="El cliente practicó retenciones en este pago"
        checked={conRetenciones}
        onChange={(evento) => setConRetenciones(evento.currentTarget.checked)}
        disabled={ventaElegida === null}
      />
      {conRetenciones && ventaElegida !== null ? (
        <SeccionRetenciones estado={retenciones} total={0} credito abono onCambio={() => form.clearErrors()} />
      ) : null}
      <Group justify="flex-end">
        <Text size="sm">
          {'Total a pagar: '}
          <Text span fw={700} size="lg" data-testid="total-abono">
            {formatearMoneda(totalPagoCredito(filas))}
          </Text>
        </Text>
      </Group>
    </FormularioModal>
  );
}
