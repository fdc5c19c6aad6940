/**
 * POST cierre-mes/exportar (spec 002 §2.8: each section has an Excel export, the sales one named 'Export ventas'): one
 * real .xlsx per section of the selected store's month, amounts as numbers, dates as the business's clock shows them.
 * Totals rows come from PostgreSQL's sums, the same figures the screen shows. Written with exceljs' streaming writer,
 * row by row, pausing every few hundred rows: a month of twenty thousand sales never holds the event loop for long.
 */
import {
  aCentavos,
  formatearNumeroDocumento,
  type NumeroDocumentoVenta,
  ARCHIVOS_CIERRE_MES,
  dePesos,
  insigniaFacturacion,
  nombreMes,
  relojNegocio,
  TEXTOS_DOCUMENTO_FISCAL,
  TEXTOS_TIPO_POR_RESOLVER,
  textoEstadoPorResolver,
  type CierreMesExportar,
  type CifrasDocumentos,
  type CifrasPorEstado,
  type ResumenCierreMes,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { escribirLibroXlsx, hojaXlsx, type LibroXlsx, ESTILOS_XLSX } from '../../lib/libro-xlsx';
import type { Actor } from '../../db/transaccion';
import {
  pagosCredito,
  pagosCreditoPorForma,
  alcanceMes,
  formasPagoVentas,
  documentosPorResolver,
  pagosProveedores,
  resumenDe,
  tiendaSeleccionada,
  ventasDelMes,
  verificarMes,
  type Alcance,
} from './cierre-mes.service';

const { pesos: DINERO, entero: ENTERO, porcentaje: PORCENTAJE } = ESTILOS_XLSX;

type Libro = LibroXlsx;

/** The methods of a sale or a payment in one cell: 'Efectivo: 1000; Nequi: 500 (NEQ-1)'. */
const textoFormas = (formas: { nombre_forma_pago: string; valor_pagado: number; codigo_comprobante_pago: string | null }[]) =>
  formas.map((f) => `${f.nombre_forma_pago}: ${f.valor_pagado}${f.codigo_comprobante_pago ? ` (${f.codigo_comprobante_pago})` : ''}`).join('; ');

/**
 * A sheet of money received by method, the count of sales when `conCantidad`, whether each brings money, and a
 * totals row labelled `total.etiqueta`.
 */
async function hojaPorForma(
  libro: Libro,
  nombre: string,
  filas: { nombre_forma_pago: string; valor_pagado: number; ingresa_dinero: boolean; cantidad_ventas?: number }[],
  total: { etiqueta: string; valor: number },
  conCantidad = false,
): Promise<void> {
  const hoja = hojaXlsx(libro, nombre, [
    { header: 'Forma de pago', key: 'nombre_forma_pago', width: 26 },
    ...(conCantidad ? [{ header: 'Cantidad de ventas', key: 'cantidad_ventas', width: 18, style: ENTERO }] : []),
    { header: 'Valor pagado', key: 'valor_pagado', width: 18, style: DINERO },
    { header: 'Ingresa dinero', key: 'ingresa', width: 15 },
  ]);
  for (const f of filas) await hoja.fila({ ...f, ingresa: f.ingresa_dinero ? 'Sí' : 'No' });
  await hoja.fila({ nombre_forma_pago: total.etiqueta, valor_pagado: total.valor }, true);
  hoja.cerrar();
}

/** 'FE120' (formatearNumeroDocumento), empty when the sale has no document number. */
const documento = (v: NumeroDocumentoVenta) => formatearNumeroDocumento(v) ?? '';

/** Pesos added through centavos (a handful of PostgreSQL sums: never a float sum). */
const sumaPesos = (...valores: number[]) => dePesos(valores.reduce((suma, v) => suma + aCentavos(v), 0));

/**
 * The month by fiscal document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal"): one row per
 * kind and state, then the net sales, the fiscal IVA and the IVA still waiting on DIAN.
 */
async function hojaDocumentosFiscales(libro: Libro, resumen: ResumenCierreMes): Promise<void> {
  const hoja = hojaXlsx(libro, 'Documentos fiscales', [
    { header: 'Documento', key: 'documento', width: 28 },
    { header: 'Estado', key: 'estado', width: 24 },
    { header: 'Cantidad', key: 'cantidad', width: 11, style: ENTERO },
    { header: 'Ventas antes de impuestos', key: 'ventas', width: 24, style: DINERO },
    { header: 'IVA', key: 'iva', width: 18, style: DINERO },
  ]);
  const fila = (documento: string, estado: string, c: CifrasDocumentos) => hoja.fila({ documento, estado, ...c });
  const porEstado = async (documento: string, c: CifrasPorEstado) => {
    await fila(documento, 'Aceptada por la DIAN', c.aceptadas);
    await fila(documento, 'Pendiente de envío', c.pendientes);
    await fila(documento, 'Rechazada por la DIAN', c.rechazadas);
  };
  await porEstado('Factura electrónica', resumen.facturas_electronicas);
  await porEstado('Documento POS', resumen.documentos_pos);
  // A remission's taxes are not fiscal IVA: said in its own column label.
  await hoja.fila({ documento: 'Remisión', estado: 'Impuestos cobrados (no es IVA fiscal)', ...resumen.remisiones });
  await hoja.fila({ documento: 'Devolución de remisión (resta)', estado: 'Sin documento DIAN', ...resumen.devoluciones_remision });
  await porEstado('Nota crédito (resta)', resumen.notas_credito);
  await porEstado('Nota de ajuste POS (resta)', resumen.notas_ajuste);
  await hoja.fila({ documento: 'Ventas netas del mes', estado: 'Remisiones + facturas + POS − notas − devoluciones de remisiones', ventas: resumen.ventas_total }, true);
  await hoja.fila({ documento: 'IVA fiscal', estado: 'Facturas y POS aceptados − notas aceptadas', iva: resumen.iva_total }, true);
  await hoja.fila({ documento: 'IVA por aceptar', estado: 'Pendientes y rechazadas − sus notas', iva: resumen.iva_por_aceptar }, true);
  hoja.cerrar();
}

async function libroVentas(libro: Libro, db: Db, alcance: Alcance): Promise<void> {
  const [ventas, resumen, porResolver] = await Promise.all([ventasDelMes(db, alcance), resumenDe(db, alcance), documentosPorResolver(db, alcance)]);
  const reloj = relojNegocio();
  const hoja = hojaXlsx(libro, 'Ventas', [
    { header: 'No. venta', key: 'id', width: 11 },
    { header: 'Tienda', key: 'nombre_tienda', width: 16 },
    { header: 'Fecha factura', key: 'fecha_factura', width: 20, style: ESTILOS_XLSX.fechaHora },
    { header: 'Documento', key: 'documento', width: 14 },
    { header: 'Facturación', key: 'insignia', width: 18 },
    { header: 'Documento fiscal', key: 'documento_fiscal', width: 36 },
    { header: 'Número documento', key: 'numero_documento_tercero', width: 18 },
    { header: 'Nombres', key: 'nombres_tercero', width: 26 },
    { header: 'Apellidos', key: 'apellidos_tercero', width: 22 },
    { header: 'Vendedor', key: 'nombre_vendedor', width: 24 },
    { header: 'Tipo de pago', key: 'nombre_tipo_pago', width: 13 },
    { header: 'Estado', key: 'nombre_estado_venta', width: 18 },
    { header: 'Total venta neta', key: 'total_venta_neta', width: 17, style: DINERO },
    { header: 'Descuento', key: 'total_descuento', width: 15, style: DINERO },
    { header: 'Impuestos', key: 'total_impuestos', width: 15, style: DINERO },
    { header: 'Otros impuestos', key: 'total_otros_impuestos', width: 15, style: DINERO },
    { header: 'Total venta bruta', key: 'total_venta_bruta', width: 17, style: DINERO },
    { header: 'Formas de pago', key: 'formas', width: 48 },
  ]);
  for (const v of ventas) {
    await hoja.fila({
      ...v,
      fecha_factura: reloj(v.fecha_factura),
      documento: documento(v),
      insignia: insigniaFacturacion(v),
      documento_fiscal: TEXTOS_DOCUMENTO_FISCAL[v.documento_fiscal],
      formas: textoFormas(v.formas_pago),
    });
  }
  // The sales listed, before their credit notes (those are on 'Documentos fiscales').
  const { facturas_electronicas: fe, documentos_pos: pos } = resumen;
  const docs = [fe.aceptadas, fe.pendientes, fe.rechazadas, pos.aceptadas, pos.pendientes, pos.rechazadas, resumen.remisiones];
  await hoja.fila(
    {
      id: 'Total',
      total_venta_neta: sumaPesos(...docs.map((d) => d.ventas)),
      total_impuestos: sumaPesos(...docs.map((d) => d.iva)),
      total_venta_bruta: resumen.total_venta_bruta,
    },
    true,
  );
  await hoja.fila({});
  await hoja.fila({ id: `Ventas facturadas: ${resumen.cantidad_ventas}. Anuladas (no incluidas): ${resumen.anuladas.cantidad} por ${resumen.anuladas.total}` });
  hoja.cerrar();

  await hojaDocumentosFiscales(libro, resumen);
  const pendientes = hojaXlsx(libro, 'Por resolver en la DIAN', [
    { header: 'Documento', key: 'tipo', width: 16 },
    { header: 'Número', key: 'numero', width: 14 },
    { header: 'No. venta', key: 'venta_id', width: 11 },
    { header: 'Estado', key: 'estado', width: 24 },
  ]);
  for (const { fecha_factura: _fecha, estado_venta_id: _estado, ...d } of porResolver) {
    await pendientes.fila({ ...d, tipo: TEXTOS_TIPO_POR_RESOLVER[d.tipo], estado: textoEstadoPorResolver(d.estado) });
  }
  pendientes.cerrar();
}

async function libroFormasPago(libro: Libro, db: Db, alcance: Alcance): Promise<void> {
  const [formas, ventas] = await Promise.all([formasPagoVentas(db, alcance), ventasDelMes(db, alcance)]);
  const reloj = relojNegocio();
  await hojaPorForma(libro, 'Formas de pago', formas.filas, { etiqueta: 'Total recibido (sin Crédito ni Anticipo)', valor: formas.totalDinero }, true);

  const detalle = hojaXlsx(libro, 'Ventas por forma de pago', [
    { header: 'Forma de pago', key: 'nombre_forma_pago', width: 26 },
    { header: 'No. venta', key: 'id', width: 11 },
    { header: 'Documento', key: 'documento', width: 14 },
    { header: 'Facturación', key: 'insignia', width: 18 },
    { header: 'Fecha factura', key: 'fecha_factura', width: 20, style: ESTILOS_XLSX.fechaHora },
    { header: 'Cliente', key: 'cliente', width: 36 },
    { header: 'Valor pagado', key: 'valor_pagado', width: 18, style: DINERO },
    { header: 'Comprobante', key: 'codigo_comprobante_pago', width: 18 },
  ]);
  for (const v of ventas) {
    for (const p of v.formas_pago) {
      await detalle.fila({
        nombre_forma_pago: p.nombre_forma_pago,
        id: v.id,
        documento: documento(v),
        insignia: insigniaFacturacion(v),
        fecha_factura: reloj(v.fecha_factura),
        cliente: `${v.nombres_tercero} ${v.apellidos_tercero}`.trim(),
        valor_pagado: p.valor_pagado,
        codigo_comprobante_pago: p.codigo_comprobante_pago,
      });
    }
  }
  detalle.cerrar();
}

async function libroPagosCredito(libro: Libro, db: Db, alcance: Alcance): Promise<void> {
  const [porForma, lineas] = await Promise.all([pagosCreditoPorForma(db, alcance), pagosCredito(db, alcance)]);
  await hojaPorForma(libro, 'Abonos por forma de pago', porForma.filas, { etiqueta: 'Total abonos', valor: porForma.total });

  const hoja = hojaXlsx(libro, 'Abonos crédito', [
    { header: 'Fecha abono', key: 'fecha_abono', width: 13 },
    { header: 'No. abono', key: 'movimiento_id', width: 11 },
    { header: 'No. venta', key: 'venta_id', width: 11 },
    { header: 'Número documento', key: 'numero_documento', width: 18 },
    { header: 'Nombres', key: 'nombres', width: 26 },
    { header: 'Apellidos', key: 'apellidos', width: 22 },
    { header: 'Forma de pago', key: 'nombre_forma_pago', width: 24 },
    { header: 'Valor pagado', key: 'valor_pagado', width: 18, style: DINERO },
    { header: 'Comprobante', key: 'codigo_comprobante', width: 18 },
  ]);
  for (const l of lineas) await hoja.fila(l);
  await hoja.fila({ fecha_abono: 'Total', valor_pagado: porForma.total }, true);
  hoja.cerrar();
}

async function libroPagosProveedores(libro: Libro, db: Db, alcance: Alcance): Promise<void> {
  // No links in a file: the secret is not needed.
  const pagos = await pagosProveedores(db, alcance, '');
  const hoja = hojaXlsx(libro, 'Pagos proveedores', [
    { header: 'Concepto', key: 'nombre_tipo_concepto', width: 22 },
    { header: 'Proveedor', key: 'nombre_proveedor', width: 28 },
    { header: 'Factura', key: 'codigo_factura', width: 14 },
    { header: 'Fecha factura', key: 'fecha_factura', width: 13 },
    { header: 'Valor total', key: 'valor_total', width: 16, style: DINERO },
    { header: 'IVA %', key: 'pj_iva', width: 8, style: PORCENTAJE },
    { header: 'Valor antes de IVA', key: 'valor_antes_iva', width: 18, style: DINERO },
    { header: 'IVA $', key: 'valor_iva', width: 15, style: DINERO },
    { header: 'RET. %', key: 'pj_retefuente', width: 8, style: PORCENTAJE },
    { header: 'RET. $', key: 'valor_rte', width: 15, style: DINERO },
    { header: 'Total a pagar', key: 'valor_total_pagar', width: 16, style: DINERO },
    { header: 'Fecha pago', key: 'fecha_pago', width: 13 },
    { header: 'Origen de los fondos', key: 'formas', width: 44 },
    { header: 'Observación', key: 'observaciones', width: 36 },
  ]);
  for (const p of pagos.filas) {
    await hoja.fila({
      ...p,
      formas: textoFormas(p.formas_pago),
    });
  }
  await hoja.fila({ nombre_tipo_concepto: 'Total', valor_total_pagar: pagos.total }, true);
  hoja.cerrar();
}

const SECCIONES = {
  ventas: libroVentas,
  'formas-pago': libroFormasPago,
  'abonos-credito': libroPagosCredito,
  'pagos-proveedores': libroPagosProveedores,
} as const;

/** The section's workbook and its file name. */
export async function exportarSeccion(db: Db, actor: Actor, datos: CierreMesExportar): Promise<{ archivo: Buffer; nombre: string }> {
  const tienda = tiendaSeleccionada(actor, datos.codigo_tienda);
  verificarMes(datos);
  const archivo = await escribirLibroXlsx(`Cierre de mes ${nombreMes(datos.anio, datos.mes)} tienda ${tienda}`, async (libro) => {
    await SECCIONES[datos.seccion](libro, db, alcanceMes(tienda, datos.anio, datos.mes));
  });
  return { archivo, nombre: ARCHIVOS_CIERRE_MES[datos.seccion] };
}
