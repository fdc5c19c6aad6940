/**
 * The daily cash (spec 002 §2.9, §7 POST cuadre-caja/dia, §9 "only stores 001 and 002";
 * docs/decisions-reportes-dinero.md): one day of the stores the parameter TIENDAS_CUADRE_CAJA lists (default 001 and
 * 002). Sales, credit payments, advances and supplier payments are read through cierre-mes' door (the same rules as the
 * month closing); expenses and income from this module's repository. Every total is a PostgreSQL sum; the cash card
 * combines four of them in centavos.
 */
import {
  aCentavos,
  dePesos,
  hoyNegocio,
  leerTiendasCuadreCaja,
  MENSAJES_CUADRE_CAJA,
  PARAMETRO_TIENDAS_CUADRE_CAJA,
  resumenPorCaja,
  TIENDAS_CUADRE_CAJA_POR_DEFECTO,
  type CuadreCajaConsulta,
  type CuadreCajaRespuesta,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { campoInvalido } from '../../lib/app-error';
import * as cajasService from '../cajas';
import * as cierreMesService from '../cierre-mes';
import * as parametrosService from '../parametros';
import * as repositorio from './cuadre-caja.repository';

const { pesos } = cierreMesService;

/** The stores the daily cash shows: the parameter's list, or 001 and 002 when it is missing or blank. */
export async function tiendasCuadreCaja(db: Db): Promise<string[]> {
  const valor = await parametrosService.valorParametro(db, PARAMETRO_TIENDAS_CUADRE_CAJA);
  const tiendas = valor === null ? [] : leerTiendasCuadreCaja(valor);
  return tiendas.length > 0 ? tiendas : [...TIENDAS_CUADRE_CAJA_POR_DEFECTO];
}

/** POST cuadre-caja/dia: the day's cards and tables. A day after today is refused (422 on the field). */
export async function cuadreDelDia(db: Db, contexto: cierreMesService.ContextoReportes, consulta: CuadreCajaConsulta): Promise<CuadreCajaRespuesta> {
  if (consulta.fecha_dia > hoyNegocio()) {
    throw campoInvalido('fecha_dia', MENSAJES_CUADRE_CAJA.fechaFutura);
  }
  const tiendas = await tiendasCuadreCaja(db);
  const alcance: cierreMesService.Alcance = { tiendas, desde: consulta.fecha_dia, hasta: consulta.fecha_dia };
  const dia = { tiendas, fecha: consulta.fecha_dia };
  const [dinero, formas, pagosCreditoForma, pagosCreditoDia, anticipos, egresos, ingresos, pagos, fuera, anuladas, devueltas, devoluciones, partes, turnos, redondeo] = await Promise.all([
    cierreMesService.dineroPorTienda(db, alcance),
    cierreMesService.formasPagoVentas(db, alcance),
    cierreMesService.pagosCreditoPorForma(db, alcance),
    cierreMesService.pagosCredito(db, alcance),
    cierreMesService.anticiposPorForma(db, alcance),
    repositorio.movimientos(db, 'egreso', dia),
    repositorio.movimientos(db, 'ingreso', dia),
    cierreMesService.pagosProveedores(db, alcance, contexto.secreto),
    repositorio.efectivoFueraDeVentas(db, dia),
    cierreMesService.anuladas(db, alcance),
    cierreMesService.devolucionesPorForma(db, alcance),
    cierreMesService.devoluciones(db, alcance),
    cierreMesService.totalesDevoluciones(db, alcance),
    cajasService.turnosDelDia(db, tiendas, consulta.fecha_dia),
    cierreMesService.redondeoEfectivo(db, alcance),
  ]);
  // Each store's drawer (docs/decisions-reportes-dinero.md "Una caja por tienda"): what came in in cash there (sales,
  // credit payments, advances) less what its annulments gave back in cash, plus its cash income, less its cash expenses
  // and supplier payments paid in cash. Four PostgreSQL sums per store, combined in centavos; the stores' sum is only
  // that, a labelled sum.
  const fueraPorTienda = new Map(fuera.map((fila) => [fila.codigo_tienda, fila]));
  const cajas = dinero.tiendas.map((tienda) => {
    const otros = fueraPorTienda.get(tienda.codigo_tienda);
    const centavos = aCentavos(tienda.efectivo) + aCentavos(otros?.ingresos ?? 0) - aCentavos(otros?.egresos ?? 0) - aCentavos(otros?.pagos_proveedores ?? 0);
    return { codigo_tienda: tienda.codigo_tienda, nombre_tienda: tienda.nombre_tienda, total_dia: tienda.total_dia, centavos };
  });
  return {
    fecha_dia: consulta.fecha_dia,
    total_dia: dinero.totalDia,
    total_efectivo: dePesos(cajas.reduce((suma, caja) => suma + caja.centavos, 0)),
    lista_tiendas: cajas.map(({ centavos, ...tienda }) => ({ ...tienda, total_efectivo: dePesos(centavos) })),
    lista_ventas_formas_pagos: formas.filas.map(({ cantidad_ventas: _c, ...f }) => f),
    lista_abonos_credito_formas_pagos: pagosCreditoForma.filas,
    lista_abonos_credito: pagosCreditoDia,
    lista_anticipos_formas_pagos: anticipos.filas,
    lista_egreso: egresos.map((m) => ({
      id: m.id,
      codigo_tienda: m.codigo_tienda,
      fecha_egreso: m.fecha,
      forma_pago_id: m.forma_pago_id,
      nombre_forma_pago: m.nombre_forma_pago,
      valor_egreso: pesos(m.valor),
      descripcion_egreso: m.descripcion,
      usuario_responsable: m.usuario_responsable,
      nombre_usuario: m.nombre_usuario,
    })),
    lista_ingreso: ingresos.map((m) => ({
      id: m.id,
      codigo_tienda: m.codigo_tienda,
      fecha_ingreso: m.fecha,
      forma_pago_id: m.forma_pago_id,
      nombre_forma_pago: m.nombre_forma_pago,
      valor_ingreso: pesos(m.valor),
      descripcion_ingreso: m.descripcion,
      usuario_responsable: m.usuario_responsable,
      nombre_usuario: m.nombre_usuario,
    })),
    lista_pagos_proveedores: pagos.filas,
    anuladas,
    lista_devoluciones_formas_pagos: devueltas.filas,
    total_devoluciones: devueltas.total,
    total_devoluciones_anulaciones: partes.anulaciones,
    total_devoluciones_parciales: partes.parciales,
    lista_devoluciones: devoluciones,
    tiendas_cuadre: tiendas,
    lista_turnos_caja: turnos,
    lista_cajas_registradoras: resumenPorCaja(turnos),
    redondeo_efectivo: redondeo,
  };
}
