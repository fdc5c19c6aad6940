import {
  aCentavos,
  calcularDescuento,
  estadoDescuento,
  MENSAJES_DESCUENTO,
  type Descuento,
  type DescuentoAprobar,
  type DescuentoSolicitado,
  type DescuentoSolicitar,
  type DescuentosConsulta,
  type Pagina,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as productosService from '../productos';
import * as tercerosService from '../terceros';
import * as repositorio from './descuentos.repository';

const invalido = (campo: string, mensaje: string) => new AppError('DATOS_INVALIDOS', mensaje, { [campo]: [mensaje] });

/**
 * POST descuentos/solicitar/guardar (spec 000 §2.14): a seller asks for a discount on a line of the actor's store.
 * The customer and the product must exist, and sub_total must be cantidad × precio to the centavo (the figure the
 * approver reads is the one the line will carry).
 */
export async function solicitarDescuento(db: Trx, actor: Actor, datos: DescuentoSolicitar): Promise<Descuento> {
  const codigoTienda = tiendaDelActor(actor);
  const cifras = calcularDescuento(datos);
  if (!cifras || aCentavos(cifras.sub_total) !== aCentavos(datos.sub_total)) throw invalido('sub_total', MENSAJES_DESCUENTO.subTotal);
  if (!(await tercerosService.buscarTerceroPorId(db, datos.tercero_id))) throw invalido('tercero_id', MENSAJES_DESCUENTO.clienteNoExiste);
  if (!(await productosService.leerProductos(db, codigoTienda, [datos.producto_id])).has(datos.producto_id)) {
    throw invalido('producto_id', MENSAJES_DESCUENTO.productoNoExiste);
  }
  const fila = await repositorio.insertDescuento(db, {
    codigo_tienda: codigoTienda,
    tercero_id: datos.tercero_id,
    producto_id: datos.producto_id,
    cantidad_solicitada: datos.cantidad_solicitada,
    precio_unitario: datos.precio_unitario,
    sub_total: cifras.sub_total,
    porcentaje_descuento: datos.porcentaje_descuento,
    user_id: usuarioDelActor(actor),
  });
  return {
    ...fila,
    cantidad_solicitada: Number(fila.cantidad_solicitada),
    precio_unitario: Number(fila.precio_unitario),
    sub_total: Number(fila.sub_total),
    porcentaje_descuento: Number(fila.porcentaje_descuento),
    fecha_creacion: fila.fecha_creacion.toISOString(),
  };
}

/** GET descuentos/solicitados/{storeId} (spec 000 §2.15): the store's requests, newest first, with their figures. */
export async function descuentosSolicitados(db: Db, actor: Actor, consulta: DescuentosConsulta): Promise<Pagina<DescuentoSolicitado>> {
  const { filas, total } = await repositorio.listDescuentosPagina(db, tiendaDelActor(actor), consulta);
  const data = filas.map((fila): DescuentoSolicitado => {
    const cifras = calcularDescuento(fila);
    return {
      ...fila,
      fecha_creacion: fila.fecha_creacion.toISOString(),
      fecha_decision: fila.fecha_decision ? fila.fecha_decision.toISOString() : null,
      cantidad_solicitada: Number(fila.cantidad_solicitada),
      precio_unitario: Number(fila.precio_unitario),
      sub_total: Number(fila.sub_total),
      porcentaje_descuento: Number(fila.porcentaje_descuento),
      // The stored sub_total is the base; the discount is computed from it as the order's totals do.
      sub_total_con_descuento: cifras ? cifras.sub_total_con_descuento : Number(fila.sub_total),
      estado: estadoDescuento(fila),
    };
  });
  return paginar(data, total, consulta.page, consulta.per_page);
}

/**
 * POST descuentos/solicitados/aprobar (spec 000 §4.3): approves or rejects a pending request of the actor's store,
 * once. A request of another store is as unknown as a missing one (404); a decided one is a 409, also for the loser
 * of two decisions taken at the same time (the update only changes a row still without approver).
 */
export async function decidirDescuento(db: Trx, actor: Actor, datos: DescuentoAprobar): Promise<void> {
  const codigoTienda = tiendaDelActor(actor);
  if (await repositorio.decidirDescuento(db, datos.descuento_solicitado_id, codigoTienda, datos.aprobado, usuarioDelActor(actor))) return;
  if (await repositorio.descuentoEnTienda(db, datos.descuento_solicitado_id, codigoTienda)) throw new AppError('DESCUENTO_YA_DECIDIDO');
  throw new AppError('DESCUENTO_NO_ENCONTRADO');
}
