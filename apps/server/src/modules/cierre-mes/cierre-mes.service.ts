/**
 * The month closing (spec 002 §2.8, §4, §7; docs/decisions-reportes-dinero.md, docs/decisions-periodos.md): a store's
 * month of billed sales, their payments by method and type, the credit payments, the supplier payments and the sales
 * themselves, every figure added up in PostgreSQL (cierre-mes.repository.ts); and closing or reopening the month
 * through the period lock (periodos' door).
 *
 * The report functions take an Alcance (stores and days), so the daily cash (cuadre-caja) reads the same figures through
 * this door. docs/decisions-reportes-dinero.md.
 */
import {
  diasDelMes,
  aCentavos,
  dePesos,
  hoyNegocio,
  MENSAJES_CIERRE_MES,
  nombreMes,
  type PagoCreditoLinea,
  type CerrarMes,
  type CifrasDocumentos,
  type CifrasPorEstado,
  type DocumentoFiscal,
  type DocumentoPorResolver,
  type CierreMesConsulta,
  type DevolucionDia,
  type FormaPagoTotal,
  type FormaPagoVentas,
  type Pagina,
  type PagoProveedorReporte,
  type Periodo,
  type PeriodoCierre,
  type RedondeoEfectivoResumen,
  type ReabrirMes,
  type ResumenCierreMes,
  type VentaFormaPagoMes,
  type VentaMesCierre,
  type VentasFormaPagoConsulta,
  type VentasMesConsulta,
  type VentasPlataforma,
  formatearNumeroDocumento,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { esClaveArchivo, urlArchivo } from '../../lib/almacen-archivos';
import { paginar } from '../../lib/paginacion';
import * as periodosService from '../periodos';
import * as repositorio from './cierre-mes.repository';
import * as pagosRepositorio from './pagos-proveedores-reporte.repository';

export type { Alcance } from './cierre-mes.repository';
type Alcance = repositorio.Alcance;

/** What the reports need besides the database: the secret that signs voucher links. */
export interface ContextoReportes {
  secreto: string;
}

/** Money as PostgreSQL's numeric text (or a JSON number) → pesos, through centavos: never a float sum. */
export const pesos = (valor: string | number | null | undefined): number => dePesos(aCentavos(valor ?? 0));

const fechaISO = (fecha: Date | null) => (fecha === null ? null : fecha.toISOString());

/** A store's month as a report's scope. */
export function alcanceMes(codigoTienda: string, anio: number, mes: number): Alcance {
  return { tiendas: [codigoTienda], ...diasDelMes(anio, mes) };
}

/** spec 002 §2.8: the picker stops at the current month (422 on the field). */
export function verificarMes(periodo: PeriodoCierre): void {
  if (nombreMes(periodo.anio, periodo.mes) > hoyNegocio().slice(0, 7)) {
    throw campoInvalido('mes', MENSAJES_CIERRE_MES.mesFuturo);
  }
}

/**
 * spec 002 §6: the month closing works on the selected store, which the body names too. A body naming another store
 * (one the user may even belong to) is refused like a store the user does not have: 403.
 */
export function tiendaSeleccionada(actor: Actor, codigoTienda: string): string {
  const seleccionada = tiendaDelActor(actor);
  if (codigoTienda !== seleccionada) throw new AppError('TIENDA_NO_PERMITIDA');
  return seleccionada;
}

// ---------------------------------------------------------------------------------------------------- shared figures

/** A method's total as the reports answer it (the numeric's text in pesos). */
const aFormaTotal = (f: Pick<repositorio.FilaFormaPagoTotal, 'forma_pago_id' | 'nombre_forma_pago' | 'valor_pagado' | 'ingresa_dinero'>): FormaPagoTotal => ({
  forma_pago_id: f.forma_pago_id,
  nombre_forma_pago: f.nombre_forma_pago,
  valor_pagado: pesos(f.valor_pagado),
  ingresa_dinero: f.ingresa_dinero,
});

/** The billed sales' payments by store and method, and what the methods that bring money add up to. */
export async function formasPagoVentas(db: Db, alcance: Alcance) {
  const filas = await repositorio.formasPagoVentas(db, alcance);
  return {
    filas: filas.map((f) => ({ codigo_tienda: f.codigo_tienda, nombre_tienda: f.nombre_tienda, ...aFormaTotal(f), cantidad_ventas: Number(f.cantidad_ventas) })),
    totalDinero: pesos(filas[0]?.total_dinero),
  };
}

/**
 * The scope's cash rounding as the books show it (docs/decisions-redondeo-envios.md): the cash received, the rounding,
 * and the cash billed, their difference in centavos.
 */
export async function redondeoEfectivo(db: Db, alcance: Alcance): Promise<RedondeoEfectivoResumen> {
  const fila = await repositorio.redondeoEfectivo(db, alcance);
  return {
    efectivo_recibido: pesos(fila.efectivo_recibido),
    ajuste_redondeo: pesos(fila.ajuste_redondeo),
    efectivo_facturado: dePesos(aCentavos(fila.efectivo_recibido) - aCentavos(fila.ajuste_redondeo)),
    cantidad_ventas: Number(fila.cantidad_ventas),
  };
}

/** The credit payments (annulled later or not) by method, their total and the part that brought money. */
export async function pagosCreditoPorForma(db: Db, alcance: Alcance) {
  const filas = await repositorio.pagosCreditoPorForma(db, alcance);
  return { filas: filas.map(aFormaTotal), total: pesos(filas[0]?.total), totalDinero: pesos(filas[0]?.total_dinero) };
}

/** The advances received (annulled later or not) by method, their total and the part that brought money. */
export async function anticiposPorForma(db: Db, alcance: Alcance) {
  const filas = await repositorio.anticiposPorForma(db, alcance);
  return { filas: filas.map(aFormaTotal), total: pesos(filas[0]?.total), totalDinero: pesos(filas[0]?.total_dinero) };
}

/** The credit payments' lines, one per method of each payment. */
export async function pagosCredito(db: Db, alcance: Alcance): Promise<PagoCreditoLinea[]> {
  return (await repositorio.pagosCredito(db, alcance)).map((f) => ({ ...f, valor_pagado: pesos(f.valor_pagado) }));
}

/**
 * The supplier payments dated (fecha_pago) within the scope, not deleted, each with its methods and a signed link to
 * each voucher picture (the assets route's, as the supplier payments list signs it).
 */
export async function pagosProveedores(db: Db, alcance: Alcance, secreto: string): Promise<{ filas: PagoProveedorReporte[]; cantidad: number; total: number }> {
  const ahora = new Date();
  return pagosRepositorio.pagosProveedores(db, alcance, (clave) => (esClaveArchivo(clave) ? urlArchivo(secreto, clave, ahora) : null));
}

/**
 * What each store of the scope received in money (sales, credit payments, advances; not Crédito, not Anticipo), its
 * cash part, and both over every store: the daily cash's cards.
 */
export async function dineroPorTienda(db: Db, alcance: Alcance) {
  const filas = await repositorio.dineroPorTienda(db, alcance);
  return {
    tiendas: filas.map((f) => ({ codigo_tienda: f.codigo_tienda, nombre_tienda: f.nombre_tienda, total_dia: pesos(f.total_dia), efectivo: pesos(f.efectivo) })),
    totalDia: pesos(filas[0]?.total_dia_tiendas),
    efectivo: pesos(filas[0]?.efectivo_tiendas),
  };
}

/**
 * The money given back within the scope's days by annulments (sales, credit payments, advances), by method and in
 * total (docs/decisions-reportes-dinero.md "Devoluciones").
 */
export async function devolucionesPorForma(db: Db, alcance: Alcance) {
  const filas = await repositorio.devolucionesPorForma(db, alcance);
  return { filas: filas.map(aFormaTotal), total: pesos(filas[0]?.total) };
}

/** The refunds of the scope's days, one per method of each annulment, with what was annulled and who gave it back. */
export async function devoluciones(db: Db, alcance: Alcance): Promise<DevolucionDia[]> {
  return (await repositorio.devoluciones(db, alcance)).map(({ venta_id, consecutivo_anticipo, valor, prefijo_factura_dian, nro_factura_dian, ...f }) => {
    // The sale by the document the customer holds (invoice, POS document or remission), then by the shop's sale
    // number that the screens' dialogs are titled with (spec 000 §2.8), so the cashier can match both.
    const ventaId = f.origen === 'venta' ? f.origen_id : venta_id;
    const numero = formatearNumeroDocumento({ prefijo_factura_dian, nro_factura_dian });
    const venta = numero ? `${numero} · Venta No. ${ventaId}` : `la venta No. ${ventaId}`;
    return {
      ...f,
      descripcion:
        f.devolucion_venta_id !== null
          ? `Devolución No. ${f.devolucion_venta_id} de ${venta}`
          : f.origen === 'venta'
            ? `Anulación de ${venta}`
            : f.origen === 'pago_credito'
              ? `Abono No. ${f.origen_id} de ${venta}`
              : `Anticipo No. ${consecutivo_anticipo ?? f.origen_id}`,
      valor: pesos(valor),
    };
  });
}

/** The scope's refunds in two parts: the annulments' and the partial returns' (their sum is the refunds' total). */
export async function totalesDevoluciones(db: Db, alcance: Alcance): Promise<{ anulaciones: number; parciales: number }> {
  const totales = await repositorio.totalesDevoluciones(db, alcance);
  return { anulaciones: pesos(totales.anulaciones), parciales: pesos(totales.parciales) };
}

/** Sales annulled within the scope's days (whatever their billing day), counted apart: their billing day keeps them. */
export async function anuladas(db: Db, alcance: Alcance) {
  const tarjetas = await repositorio.tarjetasVentas(db, alcance);
  return { cantidad: Number(tarjetas.anuladas), total: pesos(tarjetas.total_anuladas) };
}

// ---------------------------------------------------------------------------------------------------- the month

/** The cards and totals of a scope: what the screen shows on top and what a closing keeps. */
export async function resumenDe(db: Db, alcance: Alcance): Promise<ResumenCierreMes> {
  // Side by side on the pool; inside a closing's transaction they queue on its one connection.
  const [tarjetas, documentos, formas, tipos, pagosCreditoForma, pagos, devueltas, redondeo] = await Promise.all([
    repositorio.tarjetasVentas(db, alcance),
    documentosFiscales(db, alcance),
    formasPagoVentas(db, alcance),
    repositorio.tiposVenta(db, alcance),
    pagosCreditoPorForma(db, alcance),
    pagosRepositorio.totalesPagosProveedores(db, alcance),
    devolucionesPorForma(db, alcance),
    redondeoEfectivo(db, alcance),
  ]);
  const { facturas, notas, remisiones, pos, notasAjuste, devolucionesRemision } = documentos;
  return {
    ventas_siigo: facturas.aceptadas.ventas,
    iva_siigo: facturas.aceptadas.iva,
    ventas_remision: restaPesos(remisiones.ventas, devolucionesRemision.ventas),
    iva_remision: restaPesos(remisiones.iva, devolucionesRemision.iva),
    ventas_total: documentos.ventasTotal,
    iva_total: documentos.ivaTotal,
    total_venta_bruta: pesos(tarjetas.total_venta_bruta),
    cantidad_ventas: Number(tarjetas.cantidad_ventas),
    lista_ventas_formas_pagos: formas.filas.map(
      (f): FormaPagoVentas => ({
        forma_pago_id: f.forma_pago_id,
        nombre_forma_pago: f.nombre_forma_pago,
        valor_pagado: f.valor_pagado,
        cantidad_ventas: f.cantidad_ventas,
        ingresa_dinero: f.ingresa_dinero,
      }),
    ),
    total_dinero_ventas: formas.totalDinero,
    redondeo_efectivo: redondeo,
    lista_tipos_venta: tipos.map((t) => ({
      tipo_pago_id: t.tipo_pago_id,
      nombre_tipo_pago: t.nombre_tipo_pago,
      total_venta_neta: pesos(t.total_venta_neta),
      cantidad: Number(t.cantidad),
    })),
    lista_abonos_credito_formas_pagos: pagosCreditoForma.filas,
    total_abonos_credito: pagosCreditoForma.total,
    cantidad_pagos_proveedores: pagos.cantidad,
    total_pagos_proveedores: pagos.total,
    anuladas: { cantidad: Number(tarjetas.anuladas), total: pesos(tarjetas.total_anuladas) },
    lista_devoluciones_formas_pagos: devueltas.filas,
    total_devoluciones: devueltas.total,
    remisiones,
    facturas_electronicas: facturas,
    notas_credito: notas,
    iva_por_aceptar: documentos.ivaPorAceptar,
    documentos_pos: pos,
    notas_ajuste: notasAjuste,
    devoluciones_remision: devolucionesRemision,
  };
}

/** Pesos less pesos, through centavos (two PostgreSQL sums: never a float subtraction). */
const restaPesos = (a: number, b: number) => dePesos(aCentavos(a) - aCentavos(b));

/**
 * The scope's sales by fiscal document (e-invoices and POS documents by state, remissions), its notes by kind and state
 * (credit notes, notas de ajuste), its remissions' partial returns, and the month's net figures, all added up in
 * PostgreSQL (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal").
 */
export async function documentosFiscales(db: Db, alcance: Alcance) {
  const filas = await repositorio.documentosFiscales(db, alcance);
  const cifras = (documento: repositorio.FilaDocumentosFiscales['documento'], clase: DocumentoFiscal): CifrasDocumentos => {
    const fila = filas.find((f) => f.documento === documento && f.clase === clase);
    return { cantidad: Number(fila?.cantidad ?? 0), ventas: pesos(fila?.ventas), iva: pesos(fila?.iva) };
  };
  const porEstado = (documento: repositorio.FilaDocumentosFiscales['documento'], clase: 'FE' | 'POS'): CifrasPorEstado => ({
    aceptadas: cifras(documento, clase === 'FE' ? 'FE_ACEPTADA' : 'POS_ACEPTADO'),
    pendientes: cifras(documento, clase === 'FE' ? 'FE_PENDIENTE' : 'POS_PENDIENTE'),
    rechazadas: cifras(documento, clase === 'FE' ? 'FE_RECHAZADA' : 'POS_RECHAZADO'),
  });
  return {
    facturas: porEstado('VENTA', 'FE'),
    notas: porEstado('NOTA', 'FE'),
    pos: porEstado('VENTA', 'POS'),
    notasAjuste: porEstado('NOTA', 'POS'),
    remisiones: cifras('VENTA', 'REMISION'),
    devolucionesRemision: cifras('DEVOLUCION_REMISION', 'REMISION'),
    ventasTotal: pesos(filas[0]?.ventas_total),
    ivaTotal: pesos(filas[0]?.iva_total),
    ivaPorAceptar: pesos(filas[0]?.iva_por_aceptar),
  };
}

/** The scope's DIAN documents not accepted, for the month's warning. */
export async function documentosPorResolver(db: Db, alcance: Alcance): Promise<DocumentoPorResolver[]> {
  return (await repositorio.documentosPorResolver(db, alcance)).map((d) => ({ ...d, fecha_factura: d.fecha_factura.toISOString(), fecha_venta: d.fecha_venta.toISOString() }));
}

/** The month's billed sales as the monthly table shows them (only those of `ids`, in that order, when given). */
export async function ventasDelMes(db: Db, alcance: Alcance, ids?: readonly number[]): Promise<VentaMesCierre[]> {
  if (ids?.length === 0) return [];
  return (await repositorio.ventasDelMes(db, alcance, ids)).map((v) => ({
    id: v.id,
    codigo_tienda: v.codigo_tienda,
    nombre_tienda: v.nombre_tienda,
    fecha_factura: v.fecha_factura.toISOString(),
    tipo_documento: v.tipo_documento,
    prefijo_factura_dian: v.prefijo_factura_dian,
    nro_factura_dian: v.nro_factura_dian,
    numero_documento_tercero: v.numero_documento_tercero,
    nombres_tercero: v.nombres_tercero,
    apellidos_tercero: v.apellidos_tercero,
    nombre_vendedor: v.nombre_vendedor,
    total_venta_neta: pesos(v.total_venta_neta),
    total_venta_bruta: pesos(v.total_venta_bruta),
    total_impuestos: pesos(v.total_impuestos),
    total_descuento: pesos(v.total_descuento),
    total_otros_impuestos: pesos(v.total_otros_impuestos),
    estado_venta_id: v.estado_venta_id,
    nombre_estado_venta: v.nombre_estado_venta,
    tipo_pago_id: v.tipo_pago_id,
    nombre_tipo_pago: v.nombre_tipo_pago,
    nombre_tipo_envio: null,
    observacion_despacho: null,
    fecha_factura_dian: fechaISO(v.fecha_factura_dian),
    factura_code_siigo: v.factura_code_siigo,
    documento_fiscal: v.documento_fiscal,
    formas_pago: v.formas_pago.map((p) => ({ ...p, valor_pagado: pesos(p.valor_pagado) })),
  }));
}

/** POST cierre-mes/ventas-plataforma (spec 002 §7): the selected store's month, every section, and its lock state. */
export async function ventasPlataforma(db: Db, contexto: ContextoReportes, actor: Actor, consulta: CierreMesConsulta): Promise<VentasPlataforma> {
  const tienda = tiendaSeleccionada(actor, consulta.codigo_tienda);
  verificarMes(consulta);
  const alcance = alcanceMes(tienda, consulta.anio, consulta.mes);
  const [resumen, lineasPagosCredito, pagos, ventas, porResolver, periodo] = await Promise.all([
    resumenDe(db, alcance),
    pagosCredito(db, alcance),
    pagosProveedores(db, alcance, contexto.secreto),
    consulta.incluir_ventas_mes ? ventasDelMes(db, alcance) : Promise.resolve([]),
    documentosPorResolver(db, alcance),
    periodosService.leerPeriodo(db, tienda, consulta.anio, consulta.mes),
  ]);
  return {
    codigo_tienda: tienda,
    anio: consulta.anio,
    mes: consulta.mes,
    ...resumen,
    lista_abonos_credito: lineasPagosCredito,
    lista_pagos_proveedores: pagos.filas,
    lista_ventas_mes: ventas,
    documentos_por_resolver: porResolver,
    periodo,
  };
}

/** GET cierre-mes/ventas-mes: one page of the selected store's billed sales of the month, searched and sorted. */
export async function ventasMes(db: Db, actor: Actor, consulta: VentasMesConsulta): Promise<Pagina<VentaMesCierre>> {
  const tienda = tiendaDelActor(actor);
  verificarMes(consulta);
  const alcance = alcanceMes(tienda, consulta.anio, consulta.mes);
  const { ids, total } = await repositorio.paginaVentasMes(db, alcance, { ...consulta, perPage: consulta.per_page });
  return paginar(await ventasDelMes(db, alcance, ids), total, consulta.page, consulta.per_page);
}

/** GET cierre-mes/ventas-forma-pago: one page of the selected store's sales of the month paid with one method. */
export async function ventasFormaPago(db: Db, actor: Actor, consulta: VentasFormaPagoConsulta): Promise<Pagina<VentaFormaPagoMes>> {
  const tienda = tiendaDelActor(actor);
  verificarMes(consulta);
  const alcance = alcanceMes(tienda, consulta.anio, consulta.mes);
  const [total, filas] = await Promise.all([
    repositorio.contarVentasConForma(db, alcance, consulta.forma_pago_id),
    repositorio.paginaVentasConForma(db, alcance, consulta.forma_pago_id, { page: consulta.page, perPage: consulta.per_page }),
  ]);
  const data = filas.map((v) => ({
    ...v,
    fecha_factura: v.fecha_factura.toISOString(),
    fecha_factura_dian: fechaISO(v.fecha_factura_dian),
    total_venta_bruta: pesos(v.total_venta_bruta),
    valor_pagado: pesos(v.valor_pagado),
  }));
  return paginar(data, total, consulta.page, consulta.per_page);
}

// ---------------------------------------------------------------------------------------------------- closing

/**
 * POST cierre-mes/cerrar (docs/decisions-periodos.md): closes the selected store's month in the caller's transaction.
 * Only a month that has ended (409 PERIODO_NO_CERRABLE) and is open (409 PERIODO_YA_CERRADO). The summary is computed
 * after the store-month's exclusive lock, which waits for every write dated in the month under way and holds back new
 * ones until the commit: it is the month's final figures, kept as they are (registrarCierre).
 */
export async function cerrarMes(trx: Trx, actor: Actor, datos: CerrarMes): Promise<Periodo> {
  const tienda = tiendaDelActor(actor);
  if (nombreMes(datos.anio, datos.mes) >= hoyNegocio().slice(0, 7)) throw new AppError('PERIODO_NO_CERRABLE');
  await periodosService.bloquearPeriodoParaCierre(trx, tienda, datos.anio, datos.mes);
  if ((await periodosService.leerPeriodo(trx, tienda, datos.anio, datos.mes)).cerrado) throw new AppError('PERIODO_YA_CERRADO');
  const resumen = await resumenDe(trx, alcanceMes(tienda, datos.anio, datos.mes));
  return periodosService.registrarCierre(trx, { codigo_tienda: tienda, anio: datos.anio, mes: datos.mes, resumen }, actor);
}

/** POST cierre-mes/reabrir: reopens the selected store's closed month (409 PERIODO_NO_CERRADO), recording why. */
export async function reabrirMes(trx: Trx, actor: Actor, datos: ReabrirMes): Promise<Periodo> {
  const tienda = tiendaDelActor(actor);
  return periodosService.registrarReapertura(trx, { codigo_tienda: tienda, anio: datos.anio, mes: datos.mes, motivo: datos.motivo }, actor);
}
