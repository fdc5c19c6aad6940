import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Fieldset, Group, Loader, Radio, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calcularCambio,
  esVentaCredito,
  ESTADOS_VENTA,
  formatearPesos,
  MENSAJES_FACTURACION,
  MENSAJES_FILAS_PAGO,
  MENSAJES_POS,
  NOMBRES_TIPO_DOCUMENTO,
  UVT_MAXIMAS_POS,
  type FacturaDetalle,
  type FormaPago,
  type VentaFacturada,
} from '@tablero/domain';
import { EntradaMonto } from '@/components/entradas-numericas';
import { SelectorFormaPago, TablaFilasPago, type CambioFilaPago, type ColumnaFilaPago } from '@/components/filas-pago';
import { ModalFormulario, PieDialogo, useCierreModal } from '@/components/modal-formulario';
import { confirmar } from '@/components/confirmar';
import { ErrorCargaModal } from '@/components/carga-detalle';
import { AvisoTurnoCaja } from '@/features/cajas';
import { SeccionRetenciones, useRetencionesFactura } from '@/features/retenciones';
import { clavesTerceros, getTercero } from '@/features/terceros';
import { tiendasUsuarioQueryOptions } from '@/features/tiendas';
import { ApiError, esFallaDeRed, MENSAJES_RED } from '@/lib/api-error';
import { comprimirImagen, ImagenNoAdjuntada } from '@/lib/comprimir-imagen';
import { abrirDocumento } from '@/lib/descargar';
import { useFormasPago } from '@/lib/formas-pago';
import { formatearMoneda } from '@/lib/formato';
import { notificarAviso, notificarError, notificarExito } from '@/lib/notificaciones';
import { useSesion, useTienda } from '@/lib/sesion';
import { clavesVentas } from '../api/claves';
import { useDocumentosAdmitidos, useFactura, useFacturarVenta, useTiendasFacturaSiigo } from '../api/facturar';
import {
  agregarFila,
  alternarCredito,
  avisoNoPendiente,
  esperaLectura,
  interruptorFactura,
  armarSolicitud,
  documentoDeFactura,
  excesoAbono,
  formasOfrecidas,
  hayEfectivo,
  motivoNoAgregar,
  motivoNoFacturar,
  opcionPos,
  sumaPagos,
  tiendaFacturaSiigo,
  type DocumentoElectronico,
  type FilaPago,
} from './facturar.logica';
import { LineaRedondeo } from './linea-redondeo';
import { cifrasRedondeo } from './redondeo-efectivo';
import { useUnidadRedondeo } from '../api/redondeo-efectivo';

/** The bill's table (spec 000 §5 Bill dialog): amount, voucher code and its picture where the method requires one. */
const COLUMNAS: readonly ColumnaFilaPago[] = [
  { campo: 'valor', titulo: 'Valor', ancho: 190 },
  { campo: 'comprobante', titulo: 'Código comprobante', ancho: 200, maximo: 60 },
  { campo: 'adjunto', titulo: 'Adjunto', ancho: 84, estilo: 'icono' },
];
/** spec 000 §5: the Siigo flag is preset from LISTA_TIENDA_FACTURA_SIIGO one second after the dialog opens. */
const ESPERA_PRESET_SIIGO_MS = 1000;

export interface FacturarModalProps {
  /** The sale to bill; null: the dialog is closed. */
  ventaId: number | null;
  onCerrar: () => void;
  /** After a successful bill (the dialog has closed itself). */
  onFacturada?: (resultado: VentaFacturada) => void;
}

/**
 * The bill dialog 'Venta No. {id}' (spec 000 §2.8, §5 Bill dialog): static, opened from the billing
 * list's Facturar action. The rules live in facturar.logica.ts; this component holds the state and talks to the API.
 */
export function FacturarModal({ ventaId, onCerrar, onFacturada }: FacturarModalProps) {
  // The title keeps the number while the dialog fades out after ventaId went back to null.
  const [ultimaVenta, setUltimaVenta] = useState(ventaId);
  if (ventaId !== null && ventaId !== ultimaVenta) setUltimaVenta(ventaId);
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onCerrar} titulo={`Venta No. ${ultimaVenta ?? ''}`} size="lg">
      {ventaId !== null ? <CargarFactura key={ventaId} ventaId={ventaId} onFacturada={onFacturada} /> : null}
    </ModalFormulario>
  );
}

function CargarFactura({ ventaId, onFacturada }: { ventaId: number; onFacturada?: (resultado: VentaFacturada) => void }) {
  const factura = useFactura(ventaId);
  const formas = useFormasPago();
  const redondeo = useUnidadRedondeo();
  const queryClient = useQueryClient();

  // A failed read again (after a bill without answer) keeps the form and what was typed: only a first read shows the error.
  if ((factura.isError && !factura.data) || formas.isError) return <ErrorCargaModal error={factura.error ?? formas.error} texto="la venta" />;
  if (!factura.data || !formas.data || !redondeo.cargado) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Cargando venta" />
      </Group>
    );
  }
  return (
    <FacturarFormulario
      factura={factura.data}
      leidaEn={factura.dataUpdatedAt}
      // The sale and the list behind the dialog: a bill whose answer was lost may have moved it out of the pending ones.
      releer={() => void queryClient.invalidateQueries({ queryKey: clavesVentas.todas })}
      formas={formas.data}
      unidadRedondeo={redondeo.unidad}
      onFacturada={onFacturada}
    />
  );
}

/** The selected store's numeric id (LISTA_TIENDA_FACTURA_SIIGO names stores by id; the session keeps only the code). */
function useTiendaId(): { cargado: boolean; id: number | null } {
  const sesion = useSesion();
  const tienda = useTienda();
  const tiendas = useQuery({ ...tiendasUsuarioQueryOptions(sesion?.id ?? 0), enabled: sesion !== null });
  const id = tiendas.data?.find((t) => t.codigo_tienda === tienda?.codigo_tienda)?.id ?? null;
  return { cargado: !tiendas.isPending || sesion === null, id };
}

interface FacturarFormularioProps {
  factura: FacturaDetalle;
  /** When the sale was last read (the query's dataUpdatedAt), and how to read it again. */
  leidaEn: number;
  releer: () => void;
  formas: FormaPago[];
  /** The cash rounding unit (docs/decisions-redondeo-envios.md); undefined: no rounding. */
  unidadRedondeo: number | undefined;
  onFacturada?: (resultado: VentaFacturada) => void;
}

function FacturarFormulario({ factura, leidaEn, releer, formas, unidadRedondeo, onFacturada }: FacturarFormularioProps) {
  const venta = factura.ventas_encabezado;
  const total = venta.total_venta;
  const noPendiente = avisoNoPendiente(venta);
  const pendiente = noPendiente === null;
  const cierre = useCierreModal();
  const facturar = useFacturarVenta();
  const tiendasSiigo = useTiendasFacturaSiigo();
  const tiendaId = useTiendaId();

  // spec 000 §3 Payment type: a Crédito order opens with 'Factura a crédito' ticked. It only presets the checkbox: the
  // bill decides the sale's payment type (docs/decisions.md, Facturación, Tipo de pago).
  const creditoInicial = esVentaCredito(venta);
  const [credito, setCredito] = useState(creditoInicial);
  const [filas, setFilas] = useState<FilaPago[]>(() => (creditoInicial ? alternarCredito(total, [], formas, true).filas : []));
  const [recibido, setRecibido] = useState<number | ''>('');
  // Withholdings the customer practises (docs/decisions-retenciones.md): a cash bill's rows add up to the total minus them.
  const retenciones = useRetencionesFactura(venta.id, pendiente);
  const netoAPagar = (enCredito: boolean) => retenciones.porPagar(total, enCredito);
  const [errorServidor, setErrorServidor] = useState<string | null>(null);
  const enCurso = useRef(false);
  // docs/decisions.md "Sin red": after a bill that got no answer the sale is read again (now, and by the query client
  // when the network returns) before Facturar is offered again: the bill may have gone through.
  const [sinRespuestaDesde, setSinRespuestaDesde] = useState<number | null>(null);
  const verificando = esperaLectura(sinRespuestaDesde, leidaEn);

  // spec 000 §5: the Siigo flag is preset one second after opening, from the store's place in LISTA_TIENDA_FACTURA_SIIGO.
  // Once the user moves the switch or the credit box, their choice stands. Billing waits for the preset, so a quick
  // Enter cannot make a remission where an electronic invoice was due. In credit mode the flag is on and locked: a
  // credit sale is always an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
  const [eleccionSiigo, setEleccionSiigo] = useState<boolean | null>(null);
  const [segundoCumplido, setSegundoCumplido] = useState(false);
  useEffect(() => {
    const temporizador = setTimeout(() => setSegundoCumplido(true), ESPERA_PRESET_SIIGO_MS);
    return () => clearTimeout(temporizador);
  }, []);
  const listaSiigo = tiendasSiigo.data;
  const presetSiigo = segundoCumplido && listaSiigo !== undefined && tiendaId.cargado ? tiendaFacturaSiigo(listaSiigo, tiendaId.id) : null;
  const { valor: siigo, decidido: siigoDecidido, bloqueado: siigoBloqueado } = interruptorFactura(credito, eleccionSiigo, presetSiigo);

  // The electronic document (docs/decisions-factura-electronica.md, "Documento equivalente POS"): the invoice always
  // (the buyer's right), the POS document while the sale admits it; a choice that stops applying falls back to the invoice.
  const admitidos = useDocumentosAdmitidos(venta.id);
  const [eleccionDocumento, setEleccionDocumento] = useState<DocumentoElectronico>('FACTURA');
  const pos = opcionPos(admitidos.data, credito);
  const motivoPos = admitidos.isError ? 'No se pudo consultar si la venta admite documento equivalente POS' : pos.motivo;
  const documento = documentoDeFactura(siigo, eleccionDocumento, pos.permitido);

  const hayAnticipo = filas.some((fila) => fila.forma.forma_abono);
  const cliente = useQuery({
    queryKey: clavesTerceros.detalle(venta.cliente_id),
    queryFn: ({ signal }) => getTercero(venta.cliente_id, signal),
    enabled: hayAnticipo,
    staleTime: 0,
  });

  const cambiar = (nuevas: FilaPago[]) => {
    setFilas(nuevas);
    setErrorServidor(null);
    cierre?.marcarCambios(true);
  };

  const alternar = (activo: boolean) => {
    const resultado = alternarCredito(netoAPagar(activo), filas, formas, activo);
    setCredito(activo);
    cambiar(resultado.filas);
    setEleccionSiigo(resultado.crear_factura_siigo);
  };

  const ofrecidas = formasOfrecidas(formas, credito, filas);
  const agregar = (formaId: number | undefined) => {
    const forma = ofrecidas.find((f) => f.id === formaId);
    const motivo = motivoNoAgregar(forma, filas);
    if (motivo || !forma) {
      notificarAviso(motivo ?? MENSAJES_FACTURACION.seleccionarForma);
      return false;
    }
    cambiar(agregarFila(netoAPagar(credito), filas, forma, unidadRedondeo));
    return true;
  };

  const actualizarFila = (clave: number, cambio: CambioFilaPago) => {
    // From the rows as they are when it runs: a compressed picture arrives after other edits of the table.
    setFilas((actuales) => actuales.map((fila) => (fila.clave === clave ? { ...fila, ...cambio } : fila)));
    setErrorServidor(null);
    cierre?.marcarCambios(true);
  };

  // The rows whose picture is being compressed: Facturar waits for them.
  const [comprimiendo, setComprimiendo] = useState<readonly number[]>([]);
  const adjuntar = async (clave: number, archivo: File | null) => {
    if (!archivo) return;
    setComprimiendo((claves) => [...claves, clave]);
    try {
      actualizarFila(clave, { adjunto: await comprimirImagen(archivo) });
    } catch (error) {
      notificarError(error instanceof ImagenNoAdjuntada ? error.message : 'Error al cargar el archivo');
    } finally {
      setComprimiendo((claves) => claves.filter((otra) => otra !== clave));
    }
  };

  const enviar = async () => {
    if (enCurso.current || !pendiente || verificando || !siigoDecidido || comprimiendo.length > 0) return;
    const motivo = motivoNoFacturar(netoAPagar(credito), filas, recibido, credito, unidadRedondeo);
    if (motivo) {
      notificarError(motivo);
      return;
    }
    enCurso.current = true;
    setErrorServidor(null);
    setSinRespuestaDesde(null);
    try {
      const solicitud = {
        ...armarSolicitud({ ventaId: venta.id, version: venta.version, crearFacturaSiigo: siigo, credito, filas, recibido, documento: documento === 'POS' ? 'POS' : 'FACTURA' }),
        retenciones: retenciones.solicitud(),
      };
      let respuesta = await facturar.mutateAsync(solicitud);
      // docs/decisions-reservas.md: stock other saved orders hold is billed only once the cashier confirms, naming them.
      if ('reservas' in respuesta) {
        const vender = await confirmar({
          titulo: 'Productos reservados por otros pedidos',
          mensaje: '¿Desea facturar de todos modos? Los pedidos que los reservan podrían quedar sin existencias.',
          lista: respuesta.reservas,
          aceptar: 'Facturar de todos modos',
          color: 'orange',
        });
        if (!vender) return;
        respuesta = await facturar.mutateAsync({ ...solicitud, confirmar_reservas: true });
        if ('reservas' in respuesta) return;
      }
      const resultado = respuesta;
      // A POS document is a counter ticket: it opens on the 80 mm roll (docs/decisions-factura-electronica.md).
      const enlace = resultado.venta.tipo_documento === 'POS' ? `${resultado.venta.url_factura}?formato=80mm` : resultado.venta.url_factura;
      notificarExito(resultado.mensaje);
      // Its tab opens once the PDF is here: no empty tab if it cannot be fetched (docs/decisions.md "Sin red").
      void abrirDocumento(enlace, { texto: 'Abrir factura', mensajeError: 'La venta quedó facturada, pero no se pudo abrir su documento' });
      if (resultado.venta.aviso_numeracion) notificarAviso(resultado.venta.aviso_numeracion, 'Numeración');
      cierre?.cerrar();
      onFacturada?.(resultado.venta);
    } catch (error) {
      if (esFallaDeRed(error)) {
        // Unknown whether the bill went through: read the sale before Facturar is offered again.
        setSinRespuestaDesde(Date.now());
        releer();
      } else {
        // The query client already showed the toast; the dialog keeps the reason beside the values to fix.
        setErrorServidor(error instanceof ApiError ? error.message : 'No se pudo facturar la venta');
        // A refusal for the sale's state (billed meanwhile, or changed): the dialog shows the sale as it is now.
        if (error instanceof ApiError && error.status === 409) releer();
      }
    } finally {
      enCurso.current = false;
    }
  };

  const pagado = sumaPagos(filas);
  // The rows pay the total less the withholdings (docs/decisions-retenciones.md), with cash plus its rounding
  // (docs/decisions-redondeo-envios.md).
  const { ajuste, aPagar, porPagar } = cifrasRedondeo(netoAPagar(credito), filas, unidadRedondeo);
  const { efectivo, cambio, faltante } = calcularCambio(filas, recibido);
  const saldoAbono = cliente.data?.tercero.saldo_abono;
  const abono = saldoAbono === undefined ? null : excesoAbono(filas, saldoAbono);

  return (
    <form
      noValidate
      onSubmit={(evento) => {
        evento.preventDefault();
        void enviar();
      }}
    >
      <Stack gap="sm">
        {pendiente ? <AvisoTurnoCaja /> : null}
        {noPendiente ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
            {noPendiente}
            {venta.estado_venta_id !== ESTADOS_VENTA.anulado && venta.nro_factura_dian !== null ? (
              <>
                {'. '}
                <Anchor component="button" type="button" size="sm" onClick={() => void abrirDocumento(venta.url_factura, { texto: 'Abrir factura' })}>
                  Ver factura
                </Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        {sinRespuestaDesde !== null && pendiente ? (
          <Alert color={verificando ? 'red' : 'teal'} icon={<IconWifiOff size={18} />} role="alert">
            {verificando ? (
              <>
                {MENSAJES_RED.sinConexion}. No se sabe si la venta quedó facturada: se revisará al volver la conexión, antes de
                intentarlo de nuevo.{' '}
                <Anchor component="button" type="button" size="sm" onClick={releer}>
                  Revisar ahora
                </Anchor>
              </>
            ) : (
              'La venta sigue pendiente por facturar: puede intentarlo de nuevo.'
            )}
          </Alert>
        ) : null}
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <div>
            <Text size="sm" c="dimmed">
              Cliente
            </Text>
            <Text size="sm" fw={500}>
              {venta.numero_documento} — {venta.nombres} {venta.apellidos}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="sm" c="dimmed">
              Valor a facturar
            </Text>
            <Text size="xl" fw={700} data-testid="valor-facturar">
              {formatearMoneda(total)}
            </Text>
          </div>
        </Group>

        <Checkbox label="Factura a crédito" checked={credito} onChange={(evento) => alternar(evento.currentTarget.checked)} disabled={!pendiente} />

        <SeccionRetenciones
          estado={retenciones}
          total={total}
          credito={credito}
          onCambio={() => {
            setErrorServidor(null);
            cierre?.marcarCambios(true);
          }}
        />

        <SelectorFormaPago formas={ofrecidas} onAgregar={agregar} disabled={!pendiente} autofocus />

        {/* A sale billed elsewhere (or by a lost answer) leaves nothing to edit: its rows and cash stay as they were. */}
        <Fieldset disabled={!pendiente} variant="unstyled" p={0} m={0} miw={0}>
          <TablaFilasPago
            nombre="Formas de pago"
            vacio="Agregue las formas de pago de la venta"
            columnas={COLUMNAS}
            filas={filas}
            onCambiar={actualizarFila}
            onQuitar={(clave) => cambiar(filas.filter((otra) => otra.clave !== clave))}
            onAdjuntar={(clave, archivo) => void adjuntar(clave, archivo)}
            comprimiendo={comprimiendo}
          />
        </Fieldset>
        <Group justify="flex-end" gap="lg">
          <Text size="sm">
            Total pagos: <strong>{formatearMoneda(pagado)}</strong>
          </Text>
          <Text size="sm" c={porPagar > 0 ? 'orange' : undefined}>
            Por pagar: <strong>{formatearMoneda(porPagar)}</strong>
          </Text>
        </Group>
        <LineaRedondeo ajuste={ajuste} aPagar={aPagar} />

        {hayAnticipo ? (
          <Text size="sm" c={abono?.excede ? 'red' : undefined} data-testid="saldo-anticipo">
            {saldoAbono === undefined
              ? 'Consultando el saldo de anticipo del cliente…'
              : `Saldo de anticipo del cliente: ${formatearMoneda(saldoAbono)}`}
            {abono?.excede ? `. ${MENSAJES_FILAS_PAGO.anticipoExcede(abono.valor)}` : ''}
          </Text>
        ) : null}

        {hayEfectivo(filas) ? (
          <Group align="flex-end" gap="md" wrap="nowrap">
            <EntradaMonto label="Efectivo recibido" value={recibido} onChange={setRecibido} style={{ width: 220 }} disabled={!pendiente} />
            <div>
              <Text size="sm" c="dimmed">
                Cambio
              </Text>
              <Text size="lg" fw={700} data-testid="cambio">
                {formatearMoneda(cambio)}
              </Text>
            </div>
            {faltante > 0 ? (
              <Text size="sm" c="red">
                {MENSAJES_FILAS_PAGO.efectivoNoAlcanza(faltante, efectivo)}
              </Text>
            ) : null}
          </Group>
        ) : null}

        <Switch
          label="Crear factura en Siigo"
          checked={siigo}
          onChange={(evento) => {
            setEleccionSiigo(evento.currentTarget.checked);
            cierre?.marcarCambios(true);
          }}
          description={
            siigoBloqueado
              ? `Una factura a crédito se emite siempre como ${NOMBRES_TIPO_DOCUMENTO.FACTURA.toLowerCase()}, con su fecha de vencimiento; la remisión solo se admite de contado`
              : siigo
                ? documento === 'POS'
                  ? 'Se emitirá un documento equivalente electrónico POS, numerado con el rango POS de la tienda'
                  : `Se emitirá una ${NOMBRES_TIPO_DOCUMENTO.FACTURA.toLowerCase()}, numerada con el rango de facturas de la tienda`
                : `Se emitirá una ${NOMBRES_TIPO_DOCUMENTO.REMISION.toLowerCase()} (no va a la DIAN), numerada con el rango de remisiones de la tienda`
          }
          disabled={!pendiente || siigoBloqueado}
        />

        {siigo ? (
          <Radio.Group
            label="Documento electrónico"
            description={MENSAJES_POS.derechoComprador}
            value={documento === 'POS' ? 'POS' : 'FACTURA'}
            onChange={(valor) => {
              setEleccionDocumento(valor === 'POS' ? 'POS' : 'FACTURA');
              setErrorServidor(null);
              cierre?.marcarCambios(true);
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="FACTURA" label={NOMBRES_TIPO_DOCUMENTO.FACTURA} disabled={!pendiente} />
              <Radio
                value="POS"
                label={NOMBRES_TIPO_DOCUMENTO.POS}
                disabled={!pendiente || !pos.permitido}
                description={
                  !pos.permitido
                    ? motivoPos
                    : admitidos.data?.limite_pos
                      ? `Venta de mostrador de hasta ${UVT_MAXIMAS_POS} UVT antes de impuestos (${formatearPesos(admitidos.data.limite_pos)})`
                      : null
                }
                styles={{ description: { color: !pos.permitido ? 'var(--mantine-color-orange-8)' : undefined } }}
              />
            </Stack>
          </Radio.Group>
        ) : null}

        {errorServidor ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorServidor}
          </Alert>
        ) : null}

        <PieDialogo>
          <Button variant="default" onClick={() => cierre?.solicitarCierre()} disabled={facturar.isPending}>
            Cerrar
          </Button>
          <Button type="submit" loading={facturar.isPending || (pendiente && !siigoDecidido) || comprimiendo.length > 0} disabled={!pendiente || verificando}>
            Facturar
          </Button>
        </PieDialogo>
      </Stack>
    </form>
  );
}
