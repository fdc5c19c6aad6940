/**
 * Withholdings customers practise on our sales (docs/decisions-retenciones.md): a customer's settings as a withholding
 * agent, the proposal the bill dialog shows, the check and the recording of what was withheld (at billing or with a
 * credit payment, called by ventas and cuentas-credito inside their transactions), their annulment with the sale, and
 * the monthly report 'Retenciones que nos practicaron' with its .xlsx. The credit ledger's 'Retención' movement is
 * written by cuentas-credito (the only writer of its ledger); this module keeps the rows that name it.
 */
import {
  sumarDias,
  diasDelMes,
  aCentavos,
  codigoParametroUvt,
  dePesos,
  formatearPesos,
  leerUvtCentavos,
  MENSAJES_RETENCIONES,
  NOMBRES_TIPO_RETENCION,
  proponerRetenciones,
  revisarRetenciones,
  TIPOS_RETENCION,
  type ConceptoRetefuente,
  type ConfiguracionRetencion,
  type ConfiguracionRetencionGuardar,
  type PeriodoRetenciones,
  type PropuestaRetenciones,
  type ReporteRetenciones,
  type Retencion,
  type RetencionEntrada,
  type RetencionRespuesta,
  type TipoRetencion,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { escribirLibroXlsx, hojaXlsx, ESTILOS_XLSX } from '../../lib/libro-xlsx';
import * as parametrosService from '../parametros';
import * as repositorio from './retenciones.repository';

const SIN_CONFIGURACION: ConfiguracionRetencion = { agente_retencion: false, concepto_retefuente: null, aplica_reteiva: false, tarifa_reteica_por_mil: null };

function configuracionDe(fila: NonNullable<Awaited<ReturnType<typeof repositorio.findTercero>>>): ConfiguracionRetencion {
  if (fila.agente_retencion === null) return SIN_CONFIGURACION;
  return {
    agente_retencion: fila.agente_retencion,
    concepto_retefuente: (fila.concepto_retefuente as ConceptoRetefuente | null) ?? null,
    aplica_reteiva: fila.aplica_reteiva ?? false,
    tarifa_reteica_por_mil: fila.tarifa_reteica_por_mil === null ? null : Number(fila.tarifa_reteica_por_mil),
  };
}

/** GET retenciones/terceros/{id}: the customer's settings (a customer never set is no agent). 404 for no customer. */
export async function leerConfiguracion(db: Db, terceroId: number): Promise<ConfiguracionRetencion> {
  const fila = await repositorio.findTercero(db, terceroId);
  if (!fila) throw new AppError('TERCERO_NO_ENCONTRADO');
  return configuracionDe(fila);
}

/** PUT retenciones/terceros/{id}: saves them (audited by the table's trigger). */
export async function guardarConfiguracion(trx: Trx, terceroId: number, datos: ConfiguracionRetencionGuardar, actor: Actor): Promise<ConfiguracionRetencion> {
  if (!(await repositorio.findTercero(trx, terceroId))) throw new AppError('TERCERO_NO_ENCONTRADO');
  await repositorio.upsertConfiguracion(trx, {
    tercero_id: terceroId,
    agente_retencion: datos.agente_retencion,
    concepto_retefuente: datos.concepto_retefuente,
    aplica_reteiva: datos.aplica_reteiva,
    tarifa_reteica_por_mil: datos.tarifa_reteica_por_mil === null ? null : datos.tarifa_reteica_por_mil.toFixed(3),
    user_id: actor.userId,
  });
  return leerConfiguracion(trx, terceroId);
}

/** The UVT of the year in centavos, or null when its parameter is missing (Maestros > Parámetros, UVT_{año}). */
async function uvtDelAnio(db: Db, anio: string): Promise<number | null> {
  return leerUvtCentavos(await parametrosService.valorParametro(db, codigoParametroUvt(anio)));
}

const aRespuesta = (r: Retencion): RetencionRespuesta => ({ tipo: r.tipo, concepto: r.concepto, base: dePesos(r.baseCentavos), tarifa: r.tarifa, valor: dePesos(r.valorCentavos) });

/**
 * GET retenciones/propuesta/{venta_id}: what the bill dialog (or the credit payment) proposes for a sale of the actor's
 * store, by its customer's settings and the UVT of `hoy`'s year (none when the year's UVT is missing), leaving out the
 * types already recorded for the sale.
 */
export async function proponerParaVenta(db: Db, actor: Actor, ventaId: number, hoy: string): Promise<PropuestaRetenciones> {
  const venta = await repositorio.findVenta(db, ventaId);
  if (!venta || venta.codigo_tienda !== tiendaDelActor(actor)) throw new AppError('VENTA_NO_ENCONTRADA');
  const tercero = await repositorio.findTercero(db, venta.cliente_id);
  const config = tercero ? configuracionDe(tercero) : SIN_CONFIGURACION;
  const base = aCentavos(venta.total_subtotal_venta);
  const iva = aCentavos(venta.total_impuestos_venta);
  const uvt = await uvtDelAnio(db, hoy.slice(0, 4));
  // A type already withheld on this sale (at billing, or with an earlier payment) is not proposed again.
  const previas = new Set((await repositorio.listVigentes(db, ventaId)).map((p) => p.tipo));
  const retenciones = uvt === null ? [] : proponerRetenciones({ baseCentavos: base, ivaCentavos: iva }, config, uvt).filter((r) => !previas.has(r.tipo));
  return { agente_retencion: config.agente_retencion, base: dePesos(base), iva: dePesos(iva), total: Number(venta.total_venta), retenciones: retenciones.map(aRespuesta) };
}

/** Withholdings checked and ready to record against one sale. */
export interface RetencionesRevisadas {
  ventaId: number;
  retenciones: Retencion[];
  centavos: number;
}

/**
 * The check of the withholdings a bill (FACTURA) or a credit payment (ABONO) announces for a sale, before anything is
 * written: the customer is a withholding agent, each type once per sale (counting those recorded before), a base at
 * most the sale's (the IVA for reteIVA), a value at most its base, and all of the sale's together below its total.
 * 422 on the field, in Spanish.
 */
export async function revisarRetencionesVenta(db: Db, ventaId: number, entradas: readonly RetencionEntrada[]): Promise<RetencionesRevisadas> {
  const retenciones: Retencion[] = entradas.map((r) => ({
    tipo: r.tipo,
    concepto: r.tipo === 'RETEFUENTE' ? r.concepto : null,
    baseCentavos: aCentavos(r.base),
    tarifa: r.tarifa,
    valorCentavos: aCentavos(r.valor),
  }));
  if (retenciones.length === 0) return { ventaId, retenciones, centavos: 0 };
  const venta = await repositorio.findVenta(db, ventaId);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  const tercero = await repositorio.findTercero(db, venta.cliente_id);
  if (!tercero || !configuracionDe(tercero).agente_retencion) throw campoInvalido('retenciones', MENSAJES_RETENCIONES.noAgente);
  const previas = await repositorio.listVigentes(db, ventaId);
  for (const [n, r] of retenciones.entries()) {
    if (previas.some((p) => p.tipo === r.tipo)) throw campoInvalido(`retenciones.${n}.tipo`, MENSAJES_RETENCIONES.tipoRepetido);
  }
  const yaRetenido = previas.reduce((s, p) => s + aCentavos(p.valor), 0);
  const falla = revisarRetenciones(
    retenciones,
    { baseCentavos: aCentavos(venta.total_subtotal_venta), ivaCentavos: aCentavos(venta.total_impuestos_venta), totalCentavos: aCentavos(venta.total_venta) - yaRetenido },
    (c) => formatearPesos(dePesos(c)),
  );
  if (falla) throw campoInvalido(falla.campo, falla.mensaje);
  return { ventaId, retenciones, centavos: retenciones.reduce((s, r) => s + r.valorCentavos, 0) };
}

/** Records checked withholdings (new rows; audited by their trigger), naming the credit movement that took them off. */
export async function registrarRetenciones(
  trx: Trx,
  actor: Actor,
  revisadas: RetencionesRevisadas,
  momento: 'FACTURA' | 'ABONO',
  fecha: string,
  movimientoCreditoId: number | null,
): Promise<void> {
  await repositorio.insertRetenciones(
    trx,
    revisadas.retenciones.map((r) => ({
      venta_id: revisadas.ventaId,
      codigo_tienda: tiendaDelActor(actor),
      tipo: r.tipo,
      concepto: r.concepto,
      base: dePesos(r.baseCentavos).toFixed(2),
      tarifa: r.tarifa.toFixed(4),
      valor: dePesos(r.valorCentavos).toFixed(2),
      momento,
      cuenta_credito_movimiento_id: movimientoCreditoId,
      fecha,
      user_id: actor.userId,
    })),
  );
}

/**
 * A sale's annulment annuls its withholdings (docs/decisions-retenciones.md "Anulación"): they leave the report; on a
 * credit sale the ledger's reversal of what the sale still owes (net of them) brings the account back to zero.
 */
export async function anularRetencionesVenta(trx: Trx, ventaId: number, actor: Actor): Promise<number> {
  return repositorio.anularDeVenta(trx, ventaId, actor.userId);
}

/** A sale's live withholdings (the e-invoice writes those of the bill in cac:WithholdingTaxTotal). */
export async function retencionesDeVenta(db: Db, ventaId: number, momento?: 'FACTURA' | 'ABONO'): Promise<Retencion[]> {
  const filas = await repositorio.listVigentes(db, ventaId);
  return filas
    .filter((f) => momento === undefined || f.momento === momento)
    .map((f) => ({
      tipo: f.tipo as TipoRetencion,
      concepto: (f.concepto as ConceptoRetefuente | null) ?? null,
      baseCentavos: aCentavos(f.base),
      tarifa: Number(f.tarifa),
      valorCentavos: aCentavos(f.valor),
    }));
}

/** The first day of the month and of the next one. */
function rangoMes({ year, month }: PeriodoRetenciones): [string, string] {
  const { desde, hasta } = diasDelMes(year, month);
  return [desde, sumarDias(hasta, 1)];
}

/** GET retenciones/reporte: the month's withholdings of the selected store per customer and type, with totals. */
export async function reporteMensual(db: Db, actor: Actor, periodo: PeriodoRetenciones): Promise<ReporteRetenciones> {
  const [desde, hasta] = rangoMes(periodo);
  const filas = await repositorio.listReporte(db, tiendaDelActor(actor), desde, hasta);
  const totales = { RETEFUENTE: 0, RETEIVA: 0, RETEICA: 0, total: 0 };
  const salida = filas.map((f) => {
    const tipo = f.tipo as TipoRetencion;
    const valor = aCentavos(f.valor);
    totales[tipo] += valor;
    totales.total += valor;
    return { tercero_id: f.tercero_id, cliente: f.cliente, numero_documento: f.numero_documento, tipo, documentos: Number(f.documentos), base: Number(f.base), valor: dePesos(valor) };
  });
  return {
    filas: salida,
    totales: { RETEFUENTE: dePesos(totales.RETEFUENTE), RETEIVA: dePesos(totales.RETEIVA), RETEICA: dePesos(totales.RETEICA), total: dePesos(totales.total) },
  };
}

/** The report as an .xlsx (a month of one store: hundreds of rows at most, written by the streaming writer). */
export async function reporteXlsx(db: Db, actor: Actor, periodo: PeriodoRetenciones): Promise<{ archivo: Buffer; nombre: string }> {
  const reporte = await reporteMensual(db, actor, periodo);
  const mes = `${periodo.year}-${String(periodo.month).padStart(2, '0')}`;
  const archivo = await escribirLibroXlsx(`Retenciones que nos practicaron ${mes}`, async (libro) => {
    const hoja = hojaXlsx(libro, 'Retenciones', [
      { header: 'Cliente', key: 'cliente', width: 36 },
      { header: 'Documento', key: 'numero_documento', width: 16 },
      { header: 'Tipo', key: 'tipo', width: 24 },
      { header: 'Ventas', key: 'documentos', width: 10 },
      { header: 'Base', key: 'base', width: 16, style: ESTILOS_XLSX.pesos },
      { header: 'Valor retenido', key: 'valor', width: 16, style: ESTILOS_XLSX.pesos },
    ]);
    for (const fila of reporte.filas) await hoja.fila({ ...fila, tipo: NOMBRES_TIPO_RETENCION[fila.tipo] });
    for (const tipo of TIPOS_RETENCION) await hoja.fila({ cliente: `Total ${NOMBRES_TIPO_RETENCION[tipo]}`, valor: reporte.totales[tipo] }, true);
    await hoja.fila({ cliente: 'Total', valor: reporte.totales.total }, true);
    hoja.cerrar();
  });
  return { archivo, nombre: `retenciones-${mes}.xlsx` };
}

