import type { ReactNode } from 'react';
import { Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { formatearNumeroDocumento, MENSAJES_REDONDEO, MODOS_FACTURA, NOMBRES_TIPO_DOCUMENTO, type FacturaDetalle, type VentaDetalle } from '@tablero/domain';
import { CargaDetalle } from '@/components/carga-detalle';
import { Dato } from '@/components/dato';
import { EnlacePlano } from '@/components/enlace-plano';
import { ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { Encabezados, FilaVacia, TablaDetalle, type Encabezado } from '@/components/tabla-detalle';
import { formatearCantidad, formatearFecha, formatearFechaHora, formatearMoneda, formatearPorcentaje } from '@/lib/formato';
import { useFactura } from '../api/facturar';
import { descargarTexto } from '@/lib/descargar';
import { EstadoVenta } from '../facturacion/estado-venta';
import { DevolucionesDeVenta } from './devoluciones-de-venta';
import { EnviarDocumentosVenta } from './enviar-documentos-venta';
import { FacturaElectronicaVenta } from './factura-electronica-venta';
import type { LeptonLinea } from '../pedido/linea-pedido';
import { exportarCsv, NOMBRE_ARCHIVO_CSV } from './corte/corte.csv';
import { estadoInicial } from './corte/corte.logica';
import { EnlaceDocumento } from '@/components/enlace-documento';

/**
 * spec 000 §2.7: the sale's products, with their production and cutting files. A line's discount (its amount, and the
 * approved percentage) sits between the unit value and the subtotal, which is after it (spec 000 §9).
 */
const ENCABEZADOS_PRODUCTOS: Encabezado[] = [
  { titulo: 'Referencia', ancho: 110 },
  { titulo: 'Producto' },
  { titulo: 'Cantidad', ancho: 70, alineacion: 'right' },
  { titulo: 'Valor unitario', ancho: 100, alineacion: 'right' },
  { titulo: 'Descuento', ancho: 96, alineacion: 'right' },
  { titulo: 'Subtotal', ancho: 100, alineacion: 'right' },
  { titulo: 'Impuesto', ancho: 90, alineacion: 'right' },
  { titulo: 'Total', ancho: 100, alineacion: 'right' },
  { titulo: 'Producción', ancho: 140 },
  { titulo: 'Corte', ancho: 150 },
];

/** spec 000 §3 Sale payment: name, amount, receipt code and its attachment. */
const ENCABEZADOS_FORMAS_PAGO: Encabezado[] = [
  { titulo: 'Forma de pago' },
  { titulo: 'Valor', alineacion: 'right' },
  { titulo: 'Comprobante' },
  { titulo: 'Adjunto' },
];

interface DetalleVentaModalProps {
  /** The sale shown; none: the dialog is closed. */
  ventaId: number | null;
  onCerrar: () => void;
  /**
   * Buttons of the screen that opens it, before Cerrar, once the sale is read (spec 000 §2.7: 'Pasar a despacho',
   * 'Despachar orden'); `refrescar` reads the detail again after they change the sale.
   */
  acciones?: (detalle: FacturaDetalle, refrescar: () => void) => ReactNode;
}

/** spec 000 §2.7: a line without a production record. */
export const TEXTO_SIN_PRODUCCION = 'Sin producción';

/**
 * The sale detail (spec 000 §2.7), read-only and extra large: the header, the lines with their
 * production badge, cutting plan and pieces CSV, the payments, the totals, its partial returns and the document links. Billing opens it;
 * credits, month closing, production and dispatch reuse it (their buttons go in `acciones`).
 */
export function DetalleVentaModal({ ventaId, onCerrar, acciones }: DetalleVentaModalProps) {
  return (
    <ModalFormulario opened={ventaId !== null} onClose={onCerrar} titulo={`Detalle de la venta No. ${ventaId ?? ''}`} size={1180} soloLectura>
      {ventaId !== null ? <Detalle key={ventaId} ventaId={ventaId} acciones={acciones} /> : null}
    </ModalFormulario>
  );
}

function Detalle({ ventaId, acciones }: { ventaId: number; acciones?: DetalleVentaModalProps['acciones'] }) {
  const consulta = useFactura(ventaId);
  const pie = <PieCerrar>{acciones && consulta.data ? acciones(consulta.data, () => void consulta.refetch()) : null}</PieCerrar>;

  if (consulta.isPending || consulta.isError) {
    return (
      <Stack gap="md">
        <CargaDetalle texto="la venta" error={consulta.isError} reintentando={consulta.isFetching} onReintentar={() => void consulta.refetch()} />
        {pie}
      </Stack>
    );
  }

  const detalle = consulta.data;
  return (
    <Stack gap="md">
      <Encabezado detalle={detalle} />
      <Lineas detalle={detalle} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FormasPago detalle={detalle} />
        <Totales detalle={detalle} />
      </SimpleGrid>
      <DevolucionesDeVenta ventaId={ventaId} />
      {detalle.ventas_encabezado.permite_fe ? <FacturaElectronicaVenta ventaId={ventaId} /> : null}
      <EnviarDocumentosVenta ventaId={ventaId} />
      <Group justify="space-between" align="center">
        <Documentos detalle={detalle} />
        {pie}
      </Group>
    </Stack>
  );
}

const NOMBRE_MODO: Record<string, string> = { [MODOS_FACTURA.contado]: 'Contado', [MODOS_FACTURA.credito]: 'Crédito' };

/** spec 000 §2.7 header, with the billing fields of the sale (document, date, mode, who billed and who annulled). */
function Encabezado({ detalle }: { detalle: FacturaDetalle }) {
  const e = detalle.ventas_encabezado;
  const factura = formatearNumeroDocumento(e);
  return (
    <Paper withBorder p="sm" radius="sm">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="sm" verticalSpacing={6}>
        <Dato etiqueta="Documento cliente">{e.numero_documento}</Dato>
        <Dato etiqueta="Cliente">{`${e.nombres} ${e.apellidos}`.trim()}</Dato>
        <Dato etiqueta="Fecha venta">{formatearFechaHora(e.fecha_venta)}</Dato>
        <Dato etiqueta="Estado">
          <EstadoVenta estadoId={e.estado_venta_id} nombre={e.nombre_estado_venta} enviadaDian={e.fecha_factura_dian !== null} estadoFe={e.estado_fe} />
        </Dato>
        <Dato etiqueta="Tipo de pago">{e.nombre_tipo_pago}</Dato>
        <Dato etiqueta="Vendedor">{e.nombre_vendedor}</Dato>
        <Dato etiqueta={e.tipo_documento ? NOMBRES_TIPO_DOCUMENTO[e.tipo_documento] : 'Factura'}>{factura}</Dato>
        <Dato etiqueta="Fecha factura">{formatearFechaHora(e.fecha_factura)}</Dato>
        <Dato etiqueta="Modo factura">{e.modo_factura ? NOMBRE_MODO[e.modo_factura] : null}</Dato>
        {/* A credit sale's due date (docs/decisions-factura-electronica.md, "Venta a crédito"). */}
        {e.fecha_vencimiento ? <Dato etiqueta="Fecha de vencimiento">{formatearFecha(e.fecha_vencimiento)}</Dato> : null}
        <Dato etiqueta="Facturó">{e.nombre_facturador}</Dato>
        <Dato etiqueta="No. orden web">{e.orden_store_id}</Dato>
        <Dato etiqueta="No. de pago">{e.transaction_id}</Dato>
        {e.fecha_factura_dian ? <Dato etiqueta="Fecha envío DIAN">{formatearFechaHora(e.fecha_factura_dian)}</Dato> : null}
        {e.fecha_anulacion ? (
          <Dato etiqueta="Anulada">{`${formatearFechaHora(e.fecha_anulacion)}${e.nombre_anulador ? ` por ${e.nombre_anulador}` : ''}`}</Dato>
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
        <Dato etiqueta="Observación">{e.observacion_venta}</Dato>
        <Dato etiqueta="Descripción del pedido">{e.orden_pago_descripcion}</Dato>
      </SimpleGrid>
    </Paper>
  );
}

function esLepton(valor: unknown): valor is LeptonLinea {
  return typeof valor === 'object' && valor !== null && 'piezas' in valor && Array.isArray((valor as { piezas: unknown }).piezas);
}

/** The line's pieces as the cutting dialog's CSV (same writer, same file): what the shop floor imports again. */
function exportarPiezas(lepton: LeptonLinea) {
  const { piezas, tapacantos } = estadoInicial({ lepton, medida_largo: null, medida_ancho: null });
  descargarTexto(exportarCsv(piezas, tapacantos), NOMBRE_ARCHIVO_CSV);
}

/** The production badge's colours by the OP's state (the production panel uses the same ones). */
const COLOR_PRODUCCION: Record<string, string> = { Pendiente: 'yellow', 'En proceso': 'blue', Finalizado: 'green' };

/** spec 000 §2.7 line table: a production badge by product and item, the plan link and the pieces CSV of a board line. */
function Lineas({ detalle }: { detalle: FacturaDetalle }) {
  const produccion = new Map(detalle.produccion.map((registro) => [`${registro.producto_id}:${registro.item}`, registro.estado]));
  const fila = (linea: VentaDetalle) => {
    const lepton = esLepton(linea.response_lepton) ? linea.response_lepton : null;
    const estadoProduccion = produccion.get(`${linea.producto_id}:${linea.item}`);
    return (
      <Table.Tr key={linea.id} data-servicio={linea.item_padre !== null || undefined}>
        <Table.Td>
          <Text ff="monospace" fz="xs" pl={linea.item_padre !== null ? 'md' : 0}>
            {linea.referencia}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" c={linea.item_padre !== null ? 'dimmed' : undefined} lh={1.3}>
            {linea.nombre_producto}
          </Text>
        </Table.Td>
        <Table.Td ta="right">{formatearCantidad(linea.cantidad_vendida)}</Table.Td>
        <Table.Td ta="right">{formatearMoneda(linea.valor_unitario)}</Table.Td>
        <Table.Td ta="right">
          {linea.valor_descuento > 0 ? (
            <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
              {formatearMoneda(linea.valor_descuento)}{' '}
              <Text span size="xs" c="dimmed">
                ({formatearPorcentaje(linea.porcentaje_descuento)})
              </Text>
            </Text>
          ) : (
            formatearMoneda(0)
          )}
        </Table.Td>
        <Table.Td ta="right">{formatearMoneda(linea.valor_subtotal)}</Table.Td>
        <Table.Td ta="right">{formatearMoneda(linea.valor_impuesto)}</Table.Td>
        <Table.Td ta="right">{formatearMoneda(linea.valor_total)}</Table.Td>
        <Table.Td>
          <Badge size="sm" radius="sm" variant="light" color={estadoProduccion ? (COLOR_PRODUCCION[estadoProduccion] ?? 'blue') : 'gray'} style={{ whiteSpace: 'nowrap' }}>
            {estadoProduccion ?? TEXTO_SIN_PRODUCCION}
          </Badge>
        </Table.Td>
        <Table.Td>
          {lepton ? (
            <Group gap={6} wrap="nowrap">
              {lepton.url_planos ? (
                <EnlacePlano url={lepton.url_planos} referencia={linea.referencia} />
              ) : null}
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconDownload size={12} />}
                onClick={() => exportarPiezas(lepton)}
                aria-label={`Piezas CSV de ${linea.referencia}`}
              >
                Piezas CSV
              </Button>
            </Group>
          ) : null}
        </Table.Td>
      </Table.Tr>
    );
  };
  return (
    <TablaDetalle etiqueta="Productos de la venta" anchoMinimo={960} altoMaximo={320}>
      <Encabezados columnas={ENCABEZADOS_PRODUCTOS} />
      <Table.Tbody>
        {detalle.ventas_detalle.length === 0 ? (
          <FilaVacia columnas={ENCABEZADOS_PRODUCTOS.length} py="xs">La venta no tiene productos</FilaVacia>
        ) : (
          detalle.ventas_detalle.map(fila)
        )}
      </Table.Tbody>
    </TablaDetalle>
  );
}

/** spec 000 §2.7 payment methods table (spec 000 §3 Sale payment: name, amount, receipt code). */
function FormasPago({ detalle }: { detalle: FacturaDetalle }) {
  const e = detalle.ventas_encabezado;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Formas de pago
      </Text>
      <Table aria-label="Formas de pago de la venta" withTableBorder withColumnBorders verticalSpacing={4} fz="sm">
        <Encabezados columnas={ENCABEZADOS_FORMAS_PAGO} />
        <Table.Tbody>
          {detalle.ventas_formas_pagos.length === 0 ? (
            <FilaVacia columnas={4}>Sin formas de pago registradas</FilaVacia>
          ) : (
            detalle.ventas_formas_pagos.map((pago) => (
              <Table.Tr key={pago.id}>
                <Table.Td>{pago.nombre_forma_pago}</Table.Td>
                <Table.Td ta="right">{formatearMoneda(pago.valor_pagado)}</Table.Td>
                <Table.Td>{pago.codigo_comprobante_pago ?? ''}</Table.Td>
                <Table.Td>
                  {pago.url_adjunto_comprobante ? (
                    <EnlaceDocumento
                      url={pago.url_adjunto_comprobante}
                      texto="Ver comprobante"
                      mensajeError="No se pudo abrir el comprobante"
                      size="sm"
                      aria-label={`Ver comprobante de ${pago.nombre_forma_pago} ${pago.codigo_comprobante_pago ?? ''}`.trim()}
                    >
                      <Group gap={4} wrap="nowrap">
                        <IconPhoto size={14} />
                        Ver comprobante
                      </Group>
                    </EnlaceDocumento>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {e.valor_recibido_efectivo !== null ? (
        <Group gap="lg">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Efectivo recibido{' '}
            </Text>
            {formatearMoneda(e.valor_recibido_efectivo)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Cambio{' '}
            </Text>
            {formatearMoneda(e.valor_venta_cambio_favor)}
          </Text>
        </Group>
      ) : null}
      {/* The cash rounding, its own line (docs/decisions-redondeo-envios.md). */}
      {e.ajuste_redondeo !== 0 ? (
        <Text size="sm" data-testid="detalle-ajuste-redondeo">
          <Text span c="dimmed" size="sm">
            {`${MENSAJES_REDONDEO.etiqueta} `}
          </Text>
          {formatearMoneda(e.ajuste_redondeo)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** spec 000 §2.7 totals: subtotal, tax, the other tax only when there is one, discount, total. */
function Totales({ detalle }: { detalle: FacturaDetalle }) {
  const e = detalle.ventas_encabezado;
  const fila = (etiqueta: string, valor: number, fuerte = false) => (
    <Group justify="space-between" gap="md" key={etiqueta}>
      <Text size="sm" c={fuerte ? undefined : 'dimmed'} fw={fuerte ? 700 : undefined}>
        {etiqueta}
      </Text>
      <Text size="sm" fw={fuerte ? 700 : 500}>
        {formatearMoneda(valor)}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="sm" radius="sm" maw={360} ml="auto" w="100%" aria-label="Totales de la venta" role="group">
      <Stack gap={4}>
        {fila('Subtotal', e.total_subtotal_venta)}
        {fila('Impuesto', e.total_impuestos)}
        {e.total_otros_impuestos_venta !== 0 ? fila(e.nombre_impuesto ? `Otro impuesto (${e.nombre_impuesto})` : 'Otro impuesto', e.total_otros_impuestos_venta) : null}
        {fila('Descuento', e.total_descuento)}
        <Divider my={2} />
        {fila('Total', e.total_venta, true)}
      </Stack>
    </Paper>
  );
}

/** The document links, each opening in a new window: letter size, and the 80 mm receipt printer's roll (?formato=80mm). */
const DOCUMENTOS_VENTA = [
  { etiqueta: 'Ver factura', url: (e: FacturaDetalle['ventas_encabezado']) => e.url_factura },
  { etiqueta: 'Ver remisión', url: (e: FacturaDetalle['ventas_encabezado']) => e.url_remision },
  { etiqueta: 'Tirilla 80 mm', url: (e: FacturaDetalle['ventas_encabezado']) => `${e.url_factura}?formato=80mm` },
] as const;

/** The sale's documents (spec 000 §7 public/FVS/{id}, ?pdf_remision=1), each in a new window. */
function Documentos({ detalle }: { detalle: FacturaDetalle }) {
  const e = detalle.ventas_encabezado;
  return (
    <Group gap="md">
      {DOCUMENTOS_VENTA.map((documento) => (
        <EnlaceDocumento key={documento.etiqueta} url={documento.url(e)} texto={documento.etiqueta} size="sm">
          <Group gap={4} wrap="nowrap">
            {documento.etiqueta} <IconExternalLink size={14} />
          </Group>
        </EnlaceDocumento>
      ))}
    </Group>
  );
}
