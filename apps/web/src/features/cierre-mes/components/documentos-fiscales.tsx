import type { ReactNode } from 'react';
import { Alert, Anchor, List, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ESTADOS_FILTRO_FACTURACION, hoyNegocio, RUTAS, TEXTOS_TIPO_POR_RESOLVER, textoEstadoPorResolver, type CifrasDocumentos, type DocumentoPorResolver, type VentasPlataforma } from '@tablero/domain';
import { formatearCantidad, formatearMonedaLista } from '@/lib/formato';
import { TarjetaCifra } from './tarjeta-cifra';

const cantidad = (c: CifrasDocumentos, singular: string, plural: string) => `${formatearCantidad(c.cantidad)} ${c.cantidad === 1 ? singular : plural}`;

/** The IVA and count of e-invoices in one DIAN state, under their card's figure. */
const detalleFacturas = (c: CifrasDocumentos | undefined) => (c ? `IVA ${formatearMonedaLista(c.iva)} · ${cantidad(c, 'factura', 'facturas')}` : undefined);

/** The e-invoices DIAN has not accepted in one state: their sales, in `color` while there is any. */
function TarjetaFacturasSinAceptar({ titulo, cifras, testId, color }: { titulo: string; cifras: CifrasDocumentos | undefined; testId: string; color: string }) {
  return <TarjetaCifra titulo={titulo} valor={cifras?.ventas} detalle={detalleFacturas(cifras)} testId={testId} color={cifras && cifras.cantidad > 0 ? color : undefined} />;
}

/**
 * The month by fiscal document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal"): e-invoices by
 * DIAN state, remissions net of their returns (their taxes said apart, not fiscal IVA), POS documents, credit notes and
 * notas de ajuste, the net sales and the fiscal IVA.
 * `datos` undefined while loading; `extra` takes the last place of the second row.
 */
export function TarjetasDocumentosFiscales({ datos, extra }: { datos: VentasPlataforma | undefined; extra?: ReactNode }) {
  const fe = datos?.facturas_electronicas;
  const pos = datos?.documentos_pos;
  const nc = datos?.notas_credito;
  const na = datos?.notas_ajuste;
  const devoluciones = datos?.devoluciones_remision;
  // Credit notes and notas de ajuste subtract alike: one card.
  const notas = nc && na ? [nc.aceptadas, nc.pendientes, nc.rechazadas, na.aceptadas, na.pendientes, na.rechazadas] : [];
  const notasCantidad = notas.reduce((suma, c) => suma + c.cantidad, 0);
  const sinAceptar = nc && na ? nc.pendientes.cantidad + nc.rechazadas.cantidad + na.pendientes.cantidad + na.rechazadas.cantidad : 0;
  const posSinAceptar = pos ? pos.pendientes.cantidad + pos.rechazadas.cantidad : 0;
  // Every POS document of the month, accepted or not, in centavos (the cards add up to the net sales).
  const posVentas = pos ? [pos.aceptadas, pos.pendientes, pos.rechazadas].reduce((suma, c) => suma + Math.round(c.ventas * 100), 0) / 100 : 0;
  // The notes' total, in centavos: it is shown negative, as it subtracts.
  const notasVentas = notas.reduce((suma, c) => suma + Math.round(c.ventas * 100), 0) / 100;
  const notasIva = notas.reduce((suma, c) => suma + Math.round(c.iva * 100), 0) / 100;
  return (
    <>
      <SimpleGrid cols={4} spacing="sm">
        <TarjetaCifra titulo="Facturas electrónicas aceptadas" valor={datos?.ventas_siigo} detalle={detalleFacturas(fe?.aceptadas)} testId="ventas-dian" />
        <TarjetaFacturasSinAceptar titulo="Facturas pendientes de envío" cifras={fe?.pendientes} testId="fe-pendientes" color="yellow.8" />
        <TarjetaFacturasSinAceptar titulo="Facturas rechazadas por la DIAN" cifras={fe?.rechazadas} testId="fe-rechazadas" color="red.8" />
        <TarjetaCifra
          titulo="Remisiones"
          valor={datos?.ventas_remision}
          detalle={
            datos && devoluciones
              ? `Impuestos cobrados ${formatearMonedaLista(datos.iva_remision)} (no es IVA fiscal) · ${cantidad(datos.remisiones, 'remisión', 'remisiones')}${
                  devoluciones.cantidad > 0 ? ` − ${cantidad(devoluciones, 'devolución', 'devoluciones')} por ${formatearMonedaLista(devoluciones.ventas)}` : ''
                }`
              : undefined
          }
          testId="ventas-remision"
        />
      </SimpleGrid>
      <SimpleGrid cols={4} spacing="sm">
        <TarjetaCifra
          titulo="Documentos POS"
          valor={pos ? posVentas : undefined}
          detalle={
            pos
              ? `Aceptados ${formatearMonedaLista(pos.aceptadas.ventas)} (IVA ${formatearMonedaLista(pos.aceptadas.iva)}) · ${cantidad(pos.aceptadas, 'documento', 'documentos')}${
                  posSinAceptar > 0
                    ? ` · Pendientes ${formatearMonedaLista(pos.pendientes.ventas)} (${formatearCantidad(pos.pendientes.cantidad)}), rechazados ${formatearMonedaLista(pos.rechazadas.ventas)} (${formatearCantidad(pos.rechazadas.cantidad)})`
                    : ''
                }`
              : undefined
          }
          testId="documentos-pos"
          color={posSinAceptar > 0 ? 'yellow.8' : undefined}
        />
        <TarjetaCifra
          titulo="Notas crédito y de ajuste (restan)"
          valor={datos ? -notasVentas : undefined}
          detalle={
            datos
              ? `IVA ${formatearMonedaLista(-notasIva)} · ${formatearCantidad(notasCantidad)} ${notasCantidad === 1 ? 'nota' : 'notas'}${sinAceptar > 0 ? `, ${formatearCantidad(sinAceptar)} sin aceptar` : ''}`
              : undefined
          }
          testId="notas-credito"
        />
        <TarjetaCifra
          titulo="Ventas netas del mes"
          valor={datos?.ventas_total}
          detalle={datos ? 'Remisiones + facturas electrónicas + documentos POS − notas − devoluciones de remisiones, antes de impuestos' : undefined}
          testId="ventas-total"
          color="blue.8"
        />
        <TarjetaCifra
          titulo="IVA fiscal"
          valor={datos?.iva_total}
          detalle={datos ? `Facturas y POS aceptados − notas aceptadas · Por aceptar en la DIAN ${formatearMonedaLista(datos.iva_por_aceptar)}` : undefined}
          testId="iva-fiscal"
        />
      </SimpleGrid>
      <SimpleGrid cols={4} spacing="sm">
        {extra}
      </SimpleGrid>
    </>
  );
}

/**
 * The billing list on the sale's day (the list filters by the sale's date, not the bill's: an order billed days later
 * is listed on the day it was taken) and state, searched for it: its row has 'Enviar a la DIAN'. Null for a state the
 * list's filter does not offer (6, billed without dispatch): the sale's detail is there still.
 */
export function enlaceFacturacion(documento: Pick<DocumentoPorResolver, 'tipo' | 'numero' | 'venta_id' | 'fecha_venta' | 'estado_venta_id'>): string | null {
  if (!ESTADOS_FILTRO_FACTURACION.some((estado) => estado.id === documento.estado_venta_id)) return null;
  const dia = hoyNegocio(new Date(documento.fecha_venta));
  // An invoice or POS document by its number (the list finds 'FE12' in 'FE-12'); a note by its sale's number.
  const termino = documento.tipo === 'FACTURA' || documento.tipo === 'POS' ? documento.numero : String(documento.venta_id);
  return `${RUTAS.facturacion.path}?desde=${dia}&hasta=${dia}&estado=${documento.estado_venta_id}&termino=${encodeURIComponent(termino)}`;
}

/**
 * The month's DIAN documents DIAN has not accepted, each named (number, sale, state) with the sale's detail and its row
 * in Facturación, where 'Enviar a la DIAN' is. Nothing when there are none.
 */
export function AvisoDocumentosPorResolver({ documentos, onVerVenta }: { documentos: readonly DocumentoPorResolver[]; onVerVenta: (ventaId: number) => void }) {
  if (documentos.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={16} />}
      p="xs"
      title={`${documentos.length === 1 ? 'Un documento' : `${formatearCantidad(documentos.length)} documentos`} del mes sin aceptar por la DIAN`}
      data-testid="aviso-documentos-fiscales"
    >
      <Text size="sm">Sus valores no cuentan en el IVA fiscal hasta que la DIAN los acepte. Envíelos a la DIAN desde Facturación.</Text>
      <List size="sm" spacing={2} mt={4}>
        {documentos.map((d) => {
          const enlace = enlaceFacturacion(d);
          return (
          <List.Item key={`${d.tipo}-${d.numero}-${d.venta_id}`}>
            {`${TEXTOS_TIPO_POR_RESOLVER[d.tipo]} ${d.numero}, venta No. ${d.venta_id}: ${textoEstadoPorResolver(d.estado)} · `}
            <Anchor component="button" type="button" size="sm" onClick={() => onVerVenta(d.venta_id)}>
              Ver venta
            </Anchor>
            {enlace ? (
              <>
                {' · '}
                <Anchor component={Link} to={enlace} size="sm">
                  Ir a Facturación
                </Anchor>
              </>
            ) : null}
          </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
