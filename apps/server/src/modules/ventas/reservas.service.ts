import {
  DIAS_RESERVA_DEFECTO,
  ESTADOS_VENTA,
  disponibleDe,
  MENSAJES_RESERVAS,
  PARAMETRO_DIAS_RESERVA,
  tomaStockReservado,
  type ExistenciaReserva,
  type ReservasConsulta,
  type ReservasProducto,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as inventarioService from '../inventario';
import * as parametrosService from '../parametros';
import * as repositorio from './reservas.repository';

/** Hundredths, as stock quantities are kept (numeric(14,2)): sums never carry a float's tail. */
const sumar = (a: number, b: number) => Math.round((a + b) * 100) / 100;

/** DIAS_RESERVA_PEDIDO: whole days from 0 (0 = orders reserve nothing); a missing or unreadable value is the default. */
export async function diasReserva(db: Db): Promise<number> {
  const valor = await parametrosService.valorParametro(db, PARAMETRO_DIAS_RESERVA);
  const dias = valor === null ? NaN : Number(valor.trim());
  return Number.isInteger(dias) && dias >= 0 && dias <= 3650 ? dias : DIAS_RESERVA_DEFECTO;
}

async function reservadoPorProducto(db: Db, codigoTienda: string, ids: number[], frente: repositorio.Frente, dias: number) {
  const filas = await repositorio.sumReservado(db, codigoTienda, ids, frente, dias);
  return new Map(filas.map((f) => [f.producto_id, Number(f.reservado)]));
}

function existencia(saldo: inventarioService.SaldoParaReserva, reservado: number): ExistenciaReserva {
  return { producto_id: saldo.productoId, cantidad: saldo.cantidad, reservado, disponible: disponibleDe(saldo.cantidad, reservado) };
}

const nombreCliente = (fila: { nombres: string | null; apellidos: string | null }) => `${fila.nombres ?? ''} ${fila.apellidos ?? ''}`.trim();

/**
 * GET reservas: each stock product's stock, reserved and available figures in the actor's store; the order being
 * edited (`venta_id`) does not count against itself. Services are left out (they hold no stock).
 */
export async function existencias(db: Db, actor: Actor, consulta: ReservasConsulta): Promise<ExistenciaReserva[]> {
  const codigoTienda = tiendaDelActor(actor);
  const saldos = await inventarioService.leerSaldosParaReserva(db, codigoTienda, [...new Set(consulta.producto_ids)]);
  const frente = consulta.venta_id === undefined ? null : { ventaId: consulta.venta_id, soloAnteriores: false };
  const reservado = await reservadoPorProducto(db, codigoTienda, saldos.map((s) => s.productoId), frente, await diasReserva(db));
  return saldos.map((saldo) => existencia(saldo, reservado.get(saldo.productoId) ?? 0));
}

/** GET reservas/producto/{id}: the product's figures and the orders holding it in the actor's store (the kardex's tab). */
export async function reservasDeProducto(db: Db, actor: Actor, productoId: number): Promise<ReservasProducto> {
  const codigoTienda = tiendaDelActor(actor);
  const [saldo] = await inventarioService.leerSaldosParaReserva(db, codigoTienda, [productoId]);
  if (!saldo) throw new AppError('PRODUCTO_NO_ENCONTRADO');
  const dias = await diasReserva(db);
  const filas = await repositorio.listReservasDeProductos(db, codigoTienda, [productoId], null, dias);
  const reservado = filas.reduce((total, fila) => sumar(total, Number(fila.cantidad)), 0);
  return {
    existencia: existencia(saldo, reservado),
    dias_reserva: dias,
    pedidos: filas.map((fila) => ({
      venta_id: fila.venta_id,
      estado_venta_id: fila.estado_venta_id,
      nombre_cliente: nombreCliente(fila),
      nombre_vendedor: fila.nombre_vendedor,
      cantidad: Number(fila.cantidad),
      desde: fila.desde.toISOString(),
      vence: fila.vence.toISOString(),
    })),
  };
}

/**
 * The check of a save or a bill (docs/decisions-reservas.md, "Vender lo reservado"): locks the stock rows of the lines'
 * products (lock order 1 and 3: `inventarioService.bloquearSaldosParaReserva`, so two saves of the last board queue
 * and the second one sees the first's lines), and answers the check to run once the rest is valid (`revisar`: a 409
 * STOCK_RESERVADO naming every order that holds the stock, for a sale that would take stock other orders reserve,
 * unless `confirmado` (the seller confirmed it)) and the rows it locked (`bloqueado`, for the bill's stock movement).
 * Which orders count is `frente`: on a save every other order (a new one: all), on a bill only those saved before it
 * (first come, first served; it never counts against itself). Call it before locking the sale (lock order 6).
 */
export async function bloquearYRevisarReservas(
  trx: Trx,
  codigoTienda: string,
  frente: repositorio.Frente,
  lineas: readonly { productoId: number; cantidad: number }[],
): Promise<{ revisar: (confirmado: boolean) => Promise<void>; bloqueado: inventarioService.StockBloqueado }> {
  const pedidas = new Map<number, number>();
  for (const linea of lineas) pedidas.set(linea.productoId, sumar(pedidas.get(linea.productoId) ?? 0, linea.cantidad));
  const { saldos, bloqueado } = await inventarioService.bloquearSaldosParaReserva(trx, codigoTienda, [...pedidas.keys()]);
  // The figures are read once the rows are locked: what an order saved meanwhile committed is seen (READ COMMITTED).
  const revisar = async (confirmado: boolean) => {
    if (confirmado || saldos.length === 0) return;
    const dias = await diasReserva(trx);
    const reservado = await reservadoPorProducto(trx, codigoTienda, saldos.map((s) => s.productoId), frente, dias);
    const tomados = saldos.filter((s) => tomaStockReservado(s.cantidad, reservado.get(s.productoId) ?? 0, pedidas.get(s.productoId)!));
    if (tomados.length === 0) return;
    const duenos = await repositorio.listReservasDeProductos(trx, codigoTienda, tomados.map((s) => s.productoId), frente, dias);
    const mensajes: string[] = [];
    for (const saldo of tomados) {
      const articulo = saldo.esTablero ? `El tablero ${saldo.nombre}` : `El producto ${saldo.nombre}`;
      for (const fila of duenos.filter((d) => d.producto_id === saldo.productoId)) {
        mensajes.push(MENSAJES_RESERVAS.reservadoPor(articulo, fila.venta_id, nombreCliente(fila), Number(fila.cantidad), fila.estado_venta_id === ESTADOS_VENTA.cotizacion));
      }
      mensajes.push(MENSAJES_RESERVAS.disponible(saldo.nombre, disponibleDe(saldo.cantidad, reservado.get(saldo.productoId) ?? 0), pedidas.get(saldo.productoId)!));
    }
    throw new AppError('STOCK_RESERVADO', `${mensajes[0]}. ${MENSAJES_RESERVAS.ocupada}`, { reservas: mensajes });
  };
  return { revisar, bloqueado };
}

