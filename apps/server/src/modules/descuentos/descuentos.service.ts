import {
  aCentavos,
  calcularDescuento,
  estadoDescuento,
  MENSAJES_DESCUENTO,
  puedeAcceder,
  RUTAS,
  type Descuento,
  type DescuentoDecidido,
  type DescuentoAprobar,
  type DescuentoSolicitado,
  type DescuentoSolicitar,
  type DescuentosConsulta,
  type Pagina,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as productosService from '../productos';
import * as tercerosService from '../terceros';
import * as repositorio from './descuentos.repository';


/**
 * POST descuentos/solicitar/guardar (spec 000 §2.14): a seller asks for a discount on a line of the actor's store.
 * The customer and the product must exist, and sub_total must be cantidad × precio to the centavo (the figure the
 * approver reads is the one the line will carry).
 */
export async function solicitarDescuento(db: Trx, actor: Actor, datos: DescuentoSolicitar): Promise<Descuento> {
  const codigoTienda = tiendaDelActor(actor);
  const cifras = calcularDescuento(datos);
  if (!cifras || aCentavos(cifras.sub_total) !== aCentavos(datos.sub_total)) throw campoInvalido('sub_total', MENSAJES_DESCUENTO.subTotal);
  if (!(await tercerosService.buscarTerceroPorId(db, datos.tercero_id))) throw campoInvalido('tercero_id', MENSAJES_DESCUENTO.clienteNoExiste);
  if (!(await productosService.leerProductos(db, codigoTienda, [datos.producto_id])).has(datos.producto_id)) {
    throw campoInvalido('producto_id', MENSAJES_DESCUENTO.productoNoExiste);
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

/** A request read with its names, as the list and GET descuentos/{id} answer it. */
type FilaDescuento = Awaited<ReturnType<typeof repositorio.listDescuentosPagina>>['filas'][number];

function aDescuentoSolicitado(fila: FilaDescuento): DescuentoSolicitado {
  const cifras = calcularDescuento(fila);
  return {
    id: fila.id,
    fecha_creacion: fila.fecha_creacion.toISOString(),
    tercero_id: fila.tercero_id,
    producto_id: fila.producto_id,
    referencia: fila.referencia,
    nombre_producto: fila.nombre_producto,
    nombres_cliente: fila.nombres_cliente,
    apellidos_cliente: fila.apellidos_cliente,
    nombre_vendedor: fila.nombre_vendedor,
    cantidad_solicitada: Number(fila.cantidad_solicitada),
    precio_unitario: Number(fila.precio_unitario),
    sub_total: Number(fila.sub_total),
    porcentaje_descuento: Number(fila.porcentaje_descuento),
    // The stored sub_total is the base; the discount is computed from it as the order's totals do.
    sub_total_con_descuento: cifras ? cifras.sub_total_con_descuento : Number(fila.sub_total),
    aprobado: fila.aprobado,
    nombre_aprobador: fila.nombre_aprobador,
    fecha_decision: fila.fecha_decision ? fila.fecha_decision.toISOString() : null,
    estado: estadoDescuento(fila),
  };
}

/** GET descuentos/solicitados/{storeId} (spec 000 §2.15): the store's requests, newest first, with their figures. */
export async function descuentosSolicitados(db: Db, actor: Actor, consulta: DescuentosConsulta): Promise<Pagina<DescuentoSolicitado>> {
  const { filas, total } = await repositorio.listDescuentosPagina(db, tiendaDelActor(actor), consulta);
  return paginar(filas.map(aDescuentoSolicitado), total, consulta.page, consulta.per_page);
}

/** Whether the actor approves the discount requests of their store (the roles of the requested discounts screen). */
const esAprobador = (actor: Actor) => puedeAcceder(actor.role, RUTAS.descuentosSolicitados.acceso);

/**
 * GET descuentos/{id}: one request of the actor's store with its state, for its requester or an approver of the
 * store (a screen reads it again after a realtime reconnect). Anyone else's, or another store's, is as unknown as a
 * missing one (404).
 */
export async function leerDescuento(db: Db, actor: Actor, id: number): Promise<DescuentoSolicitado> {
  const fila = await repositorio.findDescuento(db, id);
  if (!fila || fila.codigo_tienda !== tiendaDelActor(actor) || (fila.user_id !== actor.userId && !esAprobador(actor))) {
    throw new AppError('DESCUENTO_NO_ENCONTRADO');
  }
  return aDescuentoSolicitado(fila);
}

/** GET descuentos/pendientes, and the realtime count: how many requests of the store wait for a decision. */
export function pendientesDeTienda(db: Db, codigoTienda: string): Promise<number> {
  return repositorio.countPendientes(db, codigoTienda);
}

/** A decision as the requester learns it: to whom, and the `descuento:decidido` payload. */
export interface DecisionDescuento {
  solicitanteId: number;
  decision: DescuentoDecidido;
}

/**
 * POST descuentos/solicitados/aprobar (spec 000 §4.3): approves or rejects a pending request of the actor's store,
 * once. A request of another store is as unknown as a missing one (404); a decided one is a 409, also for the loser
 * of two decisions taken at the same time (the update only changes a row still without approver). Answers what the
 * requester is told once the transaction committed (the routes emit it, never inside the transaction).
 */
export async function decidirDescuento(db: Trx, actor: Actor, datos: DescuentoAprobar): Promise<DecisionDescuento> {
  const codigoTienda = tiendaDelActor(actor);
  if (await repositorio.decidirDescuento(db, datos.descuento_solicitado_id, codigoTienda, datos.aprobado, usuarioDelActor(actor))) {
    const fila = await repositorio.findDescuento(db, datos.descuento_solicitado_id);
    if (!fila) throw new AppError('DESCUENTO_NO_ENCONTRADO');
    return {
      solicitanteId: fila.user_id,
      decision: {
        id: fila.id,
        aprobado: fila.aprobado,
        producto_id: fila.producto_id,
        tercero_id: fila.tercero_id,
        porcentaje_descuento: Number(fila.porcentaje_descuento),
        cantidad_solicitada: Number(fila.cantidad_solicitada),
        precio_unitario: Number(fila.precio_unitario),
        codigo_tienda: fila.codigo_tienda,
        nombre_aprobador: fila.nombre_aprobador ?? '',
      },
    };
  }
  if (await repositorio.descuentoEnTienda(db, datos.descuento_solicitado_id, codigoTienda)) throw new AppError('DESCUENTO_YA_DECIDIDO');
  throw new AppError('DESCUENTO_NO_ENCONTRADO');
}
