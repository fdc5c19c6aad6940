import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconCash, IconChecklist, IconEye, IconFileTypePdf, IconMailForward, IconPlus, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ESTADOS_VENTA, formatearNumeroDocumento, MENSAJES_FACTURACION, NOMBRES_DOCUMENTO_FE, RUTAS, SUPER_ADMINISTRADOR, type FacturaLista, type FacturasPagina, type TotalesFacturas } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { CeldaCliente } from '@/components/celda-cliente';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { AccionesDespachoVenta } from '@/features/despachos';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearCantidad, formatearFecha, formatearMoneda } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useSesion, useTienda } from '@/lib/sesion';
import { crearEnlaceExportacionFacturas, useFacturas, type ConsultaFacturas } from '../api/facturas';
import { DetalleVentaModal } from '../components/detalle-venta-modal';
import { TareasVentaModal } from '../components/tareas-venta-modal';
import { AnularVentaDialog, type VentaAAnular } from './anular-venta-dialog';
import { DevolucionVentaDialog } from './devolucion-venta-dialog';
import { EnviarDianDialog } from './enviar-dian-dialog';
import { ReenviarEmailDialog } from './reenviar-email-dialog';
import { descargar, abrirDocumento } from '@/lib/descargar';
import { EstadoVenta } from './estado-venta';
import { FacturarModal } from './facturar-modal';
import { useFiltrosFacturacion } from './filtros-facturacion';
import { FormularioFiltros } from './formulario-filtros';
import classes from './pagina-facturacion.module.css';

const TITULO = 'Pendiente por facturar';

/** spec 000 §4.1: Anular is offered on a billed sale (2, or 6 billed and not sent). */
const ESTADOS_ANULABLES: readonly number[] = [ESTADOS_VENTA.facturado, ESTADOS_VENTA.facturadoSinEnvio];

/**
 * spec 000 §4.1 send rule: a billed (2 or 6) electronic invoice without a DIAN date, not already on its way; or an
 * annulled one whose invoice document DIAN has not accepted, since its credit note waits for that acceptance
 * (docs/decisions-factura-electronica.md, "Anulación con nota crédito").
 */
const enviableDian = (venta: FacturaLista) =>
  (ESTADOS_ANULABLES.includes(venta.estado_venta_id) || (venta.estado_venta_id === ESTADOS_VENTA.anulado && venta.estado_fe !== null)) &&
  venta.permite_fe &&
  venta.fecha_factura_dian === null &&
  venta.estado_fe !== 'ENVIANDO';
const numeroFactura = (venta: FacturaLista) => formatearNumeroDocumento(venta) ?? '';
/** While an invoice of the page is on its way, the list asks again every few seconds to show DIAN's answer. */
const ESPERA_MIENTRAS_ENVIA_MS = 3000;

const dinero = (valor: number) => formatearMoneda(valor);
const soloPagina = (respuesta: FacturasPagina) => respuesta.ventas;
const enviando = (respuesta: FacturasPagina | undefined) => respuesta?.ventas.data.some((venta) => venta.estado_fe === 'ENVIANDO') ?? false;
const soloTotales = (respuesta: FacturasPagina) => respuesta.totales;

/** spec 000 §2.6 columns: one row per sale, its payments merged. */
const COLUMNAS: Columna<FacturaLista>[] = [
  { titulo: 'No. venta', ancho: 52, alineacion: 'right', celda: (venta) => venta.id },
  {
    titulo: 'Factura',
    ancho: 76,
    celda: (venta) =>
      venta.nro_factura_dian !== null ? (
        <Stack gap={0}>
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{numeroFactura(venta)}</Text>
          {/* A POS sale's number is its documento equivalente's, not an invoice's (docs/decisions-factura-electronica.md). */}
          {venta.tipo_documento === 'POS' ? (
            <Text span size="xs" c="dimmed" lh={1.2}>
              {NOMBRES_DOCUMENTO_FE.POS}
            </Text>
          ) : null}
        </Stack>
      ) : null,
  },
  { titulo: 'Fecha', ancho: 78, celda: (venta) => formatearFecha(venta.fecha_venta) },
  {
    titulo: 'Cliente',
    ajustar: true,
    celda: (venta) => <CeldaCliente documento={venta.numero_documento} nombres={venta.nombres} apellidos={venta.apellidos} />,
  },
  { titulo: 'Vendedor', ancho: 100, ajustar: true, celda: (venta) => venta.nombre_vendedor },
  { titulo: 'Subtotal', ancho: 84, alineacion: 'right', celda: (venta) => dinero(venta.total_subtotal_venta) },
  { titulo: 'Descuento', ancho: 80, alineacion: 'right', celda: (venta) => dinero(venta.total_descuento) },
  { titulo: 'Impuesto', ancho: 80, alineacion: 'right', celda: (venta) => dinero(venta.total_impuestos) },
  { titulo: 'Total', ancho: 88, alineacion: 'right', celda: (venta) => <Text span size="sm" fw={600}>{dinero(venta.total_venta)}</Text> },
  {
    titulo: 'Formas de pago',
    ancho: 140,
    ajustar: true,
    celda: (venta) =>
      venta.formas_pagos.length === 0 ? null : (
        <Stack gap={0}>
          {venta.formas_pagos.map((pago) => (
            <Text key={pago.id} size="xs" lh={1.35}>
              {`${pago.nombre_forma_pago} ${dinero(pago.valor_pagado)}`}
              {pago.codigo_comprobante_pago ? (
                <Text span size="xs" c="dimmed">{` · ${pago.codigo_comprobante_pago}`}</Text>
              ) : null}
            </Text>
          ))}
        </Stack>
      ),
  },
  {
    titulo: 'Estado',
    ancho: 146,
    celda: (venta) => (
      <EstadoVenta estadoId={venta.estado_venta_id} nombre={venta.nombre_estado_venta} enviadaDian={venta.fecha_factura_dian !== null} estadoFe={venta.estado_fe} />
    ),
  },
];

/** One row button: an icon with its Spanish name as tooltip and for screen readers. */
function Accion({ etiqueta, venta, color, onClick, children }: { etiqueta: string; venta: number; color?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={etiqueta} withArrow openDelay={300}>
      <ActionIcon variant="light" size="md" color={color} aria-label={`${etiqueta} venta ${venta}`} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The totals of every sale the filters select (not only this page), under the table. */
function PieTotales({ totales }: { totales: TotalesFacturas | undefined }) {
  if (!totales) return null;
  const cifra = (etiqueta: string, valor: number, fuerte = false) => (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {etiqueta}
      </Text>
      <Text size="sm" fw={fuerte ? 700 : 500}>
        {dinero(valor)}
      </Text>
    </Group>
  );
  return (
    <Group justify="flex-end" gap="lg" role="group" aria-label="Totales de las ventas filtradas" data-testid="totales-facturacion">
      <Text size="sm" fw={500}>{`Totales de ${formatearCantidad(totales.ventas)} ${totales.ventas === 1 ? 'venta' : 'ventas'}`}</Text>
      {cifra('Subtotal', totales.total_subtotal_venta)}
      {cifra('Descuento', totales.total_descuento)}
      {cifra('Impuesto', totales.total_impuestos)}
      {cifra('Total', totales.total_venta, true)}
    </Group>
  );
}

/**
 * Pendiente por facturar (spec 000 §2.6): the store's sales for the filters (dates, state, term),
 * server-paged, with the totals of the filtered set, Exportar (the .xlsx of the whole filtered list) and Crear factura;
 * each row offers by state and role (§6) Detalle, Facturar (state 1), Tareas, PDF and, for SuperAdministrador, Enviar a
 * la DIAN and Reenviar email FE (docs/decisions-factura-electronica.md, spec 000 §4.1) and Anular.
 * Filters, page and size live in the address.
 */
export function FacturacionPage() {
  const navigate = useNavigate();
  const sesion = useSesion();
  const esSuperAdministrador = sesion?.role === SUPER_ADMINISTRADOR;
  const lista = useEstadoLista();
  const { hoy, filtros, aplicar, limpiar } = useFiltrosFacturacion();
  const consultaApi: ConsultaFacturas = { filtros, page: lista.pagina, per_page: lista.tamano };
  const conTienda = useTienda() !== null;
  const pagina = useFacturas(consultaApi, soloPagina, conTienda, (respuesta) => (enviando(respuesta) ? ESPERA_MIENTRAS_ENVIA_MS : false));
  const totales = useFacturas(consultaApi, soloTotales, conTienda);
  const exportar = useMutation({ mutationFn: crearEnlaceExportacionFacturas });

  const [detalle, setDetalle] = useState<number | null>(null);
  const [facturar, setFacturar] = useState<number | null>(null);
  const [tareas, setTareas] = useState<number | null>(null);
  const [anular, setAnular] = useState<VentaAAnular | null>(null);
  const [devolucion, setDevolucion] = useState<{ id: number; pos: boolean } | null>(null);
  const [enviarDian, setEnviarDian] = useState<{ id: number; numero: string; pos: boolean } | null>(null);
  const [reenviar, setReenviar] = useState<{ id: number; numero: string } | null>(null);

  return (
    <div className={classes.densa}>
      <PantallaLista
        titulo={TITULO}
        accionesEncabezado={
          <>
            <BotonExportar
              loading={exportar.isPending}
              onClick={() =>
                // A refusal (more rows than the export admits) is announced by the query client's toast.
                exportar.mutate(filtros, {
                  onSuccess: (url) => {
                    descargar(url);
                    notificarExito('Descargando el listado de ventas');
                  },
                })
              }
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(RUTAS.facturacionCrear.path)}>
              Crear factura
            </Button>
          </>
        }
        lista={lista}
        consulta={pagina}
        columnas={COLUMNAS}
        claveFila={(venta) => venta.id}
        filtros={
          <FormularioFiltros
            key={JSON.stringify(filtros)}
            aplicados={filtros}
            hoy={hoy}
            onBuscar={(nuevos) => (JSON.stringify(nuevos) === JSON.stringify(filtros) ? void pagina.refetch() : aplicar(nuevos))}
            onLimpiar={limpiar}
            buscando={pagina.isFetching}
          />
        }
        textoVacio={MENSAJES_FACTURACION.sinResultados}
        anchoMinimo={1180}
        acciones={{
          ancho: esSuperAdministrador ? 228 : 128,
          celda: (venta) => (
            <>
              <Accion etiqueta="Detalle" venta={venta.id} onClick={() => setDetalle(venta.id)}>
                <IconEye size={16} />
              </Accion>
              {venta.estado_venta_id === ESTADOS_VENTA.pendienteFacturar ? (
                <Accion etiqueta="Facturar" venta={venta.id} color="green" onClick={() => setFacturar(venta.id)}>
                  <IconCash size={16} />
                </Accion>
              ) : null}
              <Accion etiqueta="Tareas" venta={venta.id} color="gray" onClick={() => setTareas(venta.id)}>
                <IconChecklist size={16} />
              </Accion>
              <Accion etiqueta="PDF" venta={venta.id} color="gray" onClick={() => void abrirDocumento(venta.url_factura)}>
                <IconFileTypePdf size={16} />
              </Accion>
              {esSuperAdministrador && enviableDian(venta) ? (
                <Accion etiqueta="Enviar a la DIAN" venta={venta.id} color="teal" onClick={() => setEnviarDian({ id: venta.id, numero: numeroFactura(venta), pos: venta.tipo_documento === 'POS' })}>
                  <IconSend size={16} />
                </Accion>
              ) : null}
              {esSuperAdministrador && venta.fecha_factura_dian !== null ? (
                <Accion etiqueta="Reenviar email FE" venta={venta.id} color="teal" onClick={() => setReenviar({ id: venta.id, numero: numeroFactura(venta) })}>
                  <IconMailForward size={16} />
                </Accion>
              ) : null}
              {esSuperAdministrador && ESTADOS_ANULABLES.includes(venta.estado_venta_id) ? (
                <Accion etiqueta="Devolución" venta={venta.id} color="orange" onClick={() => setDevolucion({ id: venta.id, pos: venta.tipo_documento === 'POS' })}>
                  <IconArrowBackUp size={16} />
                </Accion>
              ) : null}
              {esSuperAdministrador && ESTADOS_ANULABLES.includes(venta.estado_venta_id) ? (
                <Accion etiqueta="Anular" venta={venta.id} color="red" onClick={() => setAnular({ id: venta.id, facturaElectronica: venta.tipo_documento === 'FACTURA' || venta.tipo_documento === 'POS', pos: venta.tipo_documento === 'POS' })}>
                  <IconBan size={16} />
                </Accion>
              ) : null}
            </>
          ),
        }}
        pie={<PieTotales totales={totales.data} />}
      >
        <DetalleVentaModal
          ventaId={detalle}
          onCerrar={() => setDetalle(null)}
          acciones={(venta, refrescar) => <AccionesDespachoVenta detalle={venta} onCambio={refrescar} />}
        />
        <FacturarModal ventaId={facturar} onCerrar={() => setFacturar(null)} />
        <TareasVentaModal ventaId={tareas} onClose={() => setTareas(null)} />
        <AnularVentaDialog venta={anular} onCerrar={() => setAnular(null)} />
        <DevolucionVentaDialog ventaId={devolucion?.id ?? null} pos={devolucion?.pos ?? false} onCerrar={() => setDevolucion(null)} />
        <EnviarDianDialog venta={enviarDian} onCerrar={() => setEnviarDian(null)} />
        <ReenviarEmailDialog venta={reenviar} onCerrar={() => setReenviar(null)} />
      </PantallaLista>
    </div>
  );
}
