import { createHash } from 'node:crypto';
import {
  aCentavos,
  calcularTotalesVenta,
  ESTADOS_EDITABLES_VENTA,
  ESTADOS_VENTA,
  esVentaCredito,
  formatearPesos,
  impuestoAdicionalPermitido,
  leerPesos,
  MENSAJES_COTIZACION,
  MENSAJES_VENTA,
  placasDelPlan,
  puedeCambiarPrecioPedido,
  TIPOS_PAGO,
  totalesIguales,
  TotalesFueraDeRango,
  type FormaPago,
  type TipoPago,
  type VentaCompleta,
  type VentaEncabezado,
  type VentaGuardada,
  type VentaGuardar,
  type VentasFiltros,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as cuentasCreditoService from '../cuentas-credito';
import * as descuentosService from '../descuentos';
import * as impuestosService from '../impuestos';
import * as inventarioService from '../inventario';
import * as productosService from '../productos';
import * as retalesInventario from '../retales';
import * as tercerosService from '../terceros';
import * as cotizacionesService from './cotizaciones.service';
import * as borradorService from './pedido-borrador.service';
import * as reservasService from './reservas.service';
import * as repositorio from './pedidos.repository';
import * as retalesService from './retales.service';
import { listTareasDeVenta } from './ventas.repository';

/** The store's price of each product of the lines, its tax percentage and its name (404 for a product that is gone). */
async function productosDeLineas(db: Db, codigoTienda: string, ids: number[]) {
  // One statement for every line's product: an order of 100 lines must not cost 100 round trips.
  const leidos = await productosService.leerProductos(db, codigoTienda, ids);
  const productos = new Map<number, { precio_unitario: number; porcentaje_impuesto: number; impuesto_id: number; nombre: string }>();
  for (const id of ids) {
    const producto = leidos.get(id);
    if (!producto) throw new AppError('PRODUCTO_NO_ENCONTRADO');
    productos.set(id, {
      precio_unitario: producto.precio_unitario,
      porcentaje_impuesto: producto.porcentaje_impuesto,
      impuesto_id: producto.impuesto_id,
      nombre: `${producto.referencia} - ${producto.nombre_producto}`,
    });
  }
  return productos;
}

/**
 * The additional tax's percentage, read from the tax table (never from the client); 0 without one. It must not be a
 * tax the lines carry, nor of their class (docs/decisions.md "Pedidos": no IVA on lines that already pay IVA).
 */
async function porcentajeAdicional(db: Db, impuestoId: number | null, productos: ProductosDeLineas): Promise<number> {
  if (impuestoId === null) return 0;
  const impuestos = await impuestosService.listarImpuestos(db);
  const impuesto = impuestos.find((i) => i.id === impuestoId && i.activo);
  if (!impuesto) {
    throw campoInvalido('impuesto_adicional_id', MENSAJES_VENTA.impuestoAdicional);
  }
  const deLineas = new Set([...productos.values()].map((p) => p.impuesto_id));
  if (!impuestoAdicionalPermitido(impuesto, impuestos.filter((i) => deLineas.has(i.id)))) {
    throw campoInvalido('impuesto_adicional_id', MENSAJES_VENTA.impuestoRepetido(impuesto.nombre_impuesto));
  }
  return impuesto.porcentaje_impuesto;
}

type ProductosDeLineas = Awaited<ReturnType<typeof productosDeLineas>>;

/**
 * Every line's unit price is the store's price of its product, unless the actor's role may set another
 * (puedeCambiarPrecioPedido, docs/decisions.md "Pedidos"); an offcut line's is always the offcut's price from its
 * measures and today's base prices, and it must be the offcut product.
 */
async function verificarPrecios(db: Db, actor: Actor, datos: VentaGuardar, productos: ProductosDeLineas) {
  const codigoTienda = tiendaDelActor(actor);
  const fijaPrecios = puedeCambiarPrecioPedido(actor.role);
  const hayRetales = datos.productoList.some((linea) => linea.retal !== null);
  const productoRetal = hayRetales ? await retalesService.productoRetal(db, codigoTienda) : null;
  const precioRetal = hayRetales ? await retalesService.cotizadorRetal(db) : null;
  for (const linea of datos.productoList) {
    const producto = productos.get(linea.producto_id)!;
    // Prices have at most 5 decimals and the store's has 2: compared in centavos, a price with more never matches.
    const precio = leerPesos(linea.precio_unitario);
    if (linea.retal !== null) {
      if (linea.producto_id !== productoRetal!.id) {
        throw campoInvalido('productoList', MENSAJES_VENTA.retalProducto);
      }
      const { total } = precioRetal!(linea.retal);
      if (typeof precio !== 'number' || precio !== aCentavos(total)) {
        throw new AppError('RETAL_PRECIO_NO_COINCIDE', MENSAJES_VENTA.retalPrecio(formatearPesos(total)));
      }
    } else if (!fijaPrecios && (typeof precio !== 'number' || precio !== aCentavos(producto.precio_unitario))) {
      throw new AppError('PRECIO_NO_COINCIDE', MENSAJES_VENTA.precioDistinto(producto.nombre, formatearPesos(producto.precio_unitario)));
    }
  }
}

/**
 * A board line with a cut plan sells the plan's boards (spec 000 §4.4: 'Agregar' sets the quantity to cant_placas;
 * docs/decisions.md "Líneas de servicio del plan de corte"): another quantity needs the plan optimised again.
 */
function verificarPlanes(datos: VentaGuardar, productos: ProductosDeLineas) {
  for (const linea of datos.productoList) {
    const placas = placasDelPlan(linea.lepton);
    if (placas !== null && placas !== Number(linea.cantidad_solicitada)) {
      throw new AppError('CANTIDAD_PLAN_NO_COINCIDE', MENSAJES_VENTA.cantidadPlan(productos.get(linea.producto_id)!.nombre, placas));
    }
  }
}

/**
 * A line carries a discount only with the approved request that covers it (docs/decisions.md "Descuentos"): the
 * store's, approved, for this customer and product, at the line's quantity, price and percentage, and not on a line
 * of another order. The requests are locked (after the order: lock order) so two orders naming one request queue, and
 * the second finds it used.
 */
async function verificarDescuentos(trx: Trx, codigoTienda: string, ventaId: number | null, datos: VentaGuardar, productos: ProductosDeLineas) {
  const ids = datos.productoList.flatMap((linea) => (linea.descuento_solicitado_id === null ? [] : [linea.descuento_solicitado_id]));
  const solicitudes = await descuentosService.bloquearDescuentosParaVenta(trx, codigoTienda, ids);
  for (const linea of datos.productoList) {
    const nombre = productos.get(linea.producto_id)!.nombre;
    if (linea.descuento_solicitado_id === null) {
      if (linea.porcentaje_descuento !== 0) throw new AppError('DESCUENTO_NO_PERMITIDO', MENSAJES_VENTA.descuentoNoPermitido(nombre));
      continue;
    }
    const solicitud = solicitudes.get(linea.descuento_solicitado_id);
    if (!solicitud?.aprobado) throw new AppError('DESCUENTO_NO_PERMITIDO', MENSAJES_VENTA.descuentoNoPermitido(nombre));
    // The approval is for the request's quantity (its subtotal is what the approver saw): another quantity needs a new one.
    if (solicitud.cantidad_solicitada !== Number(linea.cantidad_solicitada)) {
      throw new AppError('DESCUENTO_NO_COINCIDE', MENSAJES_VENTA.descuentoCantidad(nombre, solicitud.cantidad_solicitada));
    }
    const coincide =
      solicitud.tercero_id === datos.tercero_id &&
      solicitud.producto_id === linea.producto_id &&
      solicitud.cantidad_solicitada === Number(linea.cantidad_solicitada) &&
      solicitud.precio_unitario === Number(linea.precio_unitario) &&
      solicitud.porcentaje_descuento === Number(linea.porcentaje_descuento);
    if (!coincide) throw new AppError('DESCUENTO_NO_COINCIDE', MENSAJES_VENTA.descuentoNoCoincide(nombre));
  }
  const usada = await repositorio.findLineaConDescuento(trx, ids, ventaId);
  if (usada) {
    const linea = datos.productoList.find((l) => l.descuento_solicitado_id === usada.descuento_solicitado_id)!;
    throw new AppError('DESCUENTO_USADO', MENSAJES_VENTA.descuentoUsado(productos.get(linea.producto_id)!.nombre));
  }
}

/**
 * POST facturas/guardar (spec 000 §5 Sale save): creates the order, or rewrites the order being edited
 * (its lines replaced, its version + 1). Prices are the store's, taxes the product's, every amount the server's
 * calcularTotalesVenta; the client's totals must agree to the centavo. Every change of state writes its history row.
 */
export async function guardarVenta(trx: Trx, actor: Actor, datos: VentaGuardar): Promise<VentaGuardada> {
  const codigoTienda = tiendaDelActor(actor);
  const vendedorId = usuarioDelActor(actor);

  // docs/decisions.md "Un pedido nuevo se guarda una sola vez": a new order's save sent again (its answer lost) answers
  // the order the first made, and a different save under the same key is refused naming that order.
  const clave = datos.venta_id === null ? datos.clave_guardado : undefined;
  const huella = clave ? huellaGuardado(datos) : undefined;
  if (clave) {
    const hecha = await repositorio.lockVentaPorClaveGuardado(trx, clave);
    if (hecha) {
      if (hecha.huella_guardado !== huella || hecha.vendedor_id !== vendedorId || hecha.codigo_tienda !== codigoTienda) {
        throw new AppError('PEDIDO_YA_GUARDADO', MENSAJES_VENTA.pedidoYaGuardado(hecha.id));
      }
      // The first save's answer again; its totals as calcularTotalesVenta names them (bruta = total, neta = subtotal).
      const [subtotal, total] = [Number(hecha.total_subtotal_venta), Number(hecha.total_venta)];
      return {
        venta_id: hecha.id,
        version: hecha.version,
        totales: {
          total_subtotal_venta: subtotal,
          total_descuento: Number(hecha.total_descuento),
          total_impuestos_venta: Number(hecha.total_impuestos_venta),
          total_otros_impuestos_venta: Number(hecha.total_otros_impuestos_venta),
          total_venta: total,
          total_venta_bruta: total,
          total_venta_neta: subtotal,
        },
      };
    }
  }

  const esCotizacion = datos.estado_venta_id === ESTADOS_VENTA.cotizacion;
  // docs/decisions-reservas.md: an order that stays saved (1, 4) reserves its stock lines, so its save first locks
  // their stock rows (lock order 1 and 3, before the order's own row, 6) and checks, once everything else is valid,
  // that it takes no stock other orders hold unless the seller confirmed it. A quotation (7) is not among them: it
  // reserves only once the customer accepts it (reservas.repository.ts).
  const revisarReservas = ESTADOS_EDITABLES_VENTA.includes(datos.estado_venta_id)
    ? await reservasService.bloquearYRevisarReservas(
        trx,
        codigoTienda,
        datos.venta_id === null ? null : { ventaId: datos.venta_id, soloAnteriores: false },
        datos.productoList.map((l) => ({ productoId: l.producto_id, cantidad: Number(l.cantidad_solicitada) })),
      ).then(({ revisar }) => revisar)
    : null;

  let anterior: { id: number; estado_venta_id: number } | null = null;
  if (datos.venta_id !== null) {
    const venta = await repositorio.lockVenta(trx, datos.venta_id, codigoTienda);
    if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
    // A quotation stays one until Convertir makes its order, and an order never becomes one
    // (docs/decisions-cotizaciones.md "Un solo camino de cotización a pedido").
    if (venta.estado_venta_id === ESTADOS_VENTA.cotizacion) {
      await cotizacionesService.exigirSinConvertir(trx, venta);
      if (!esCotizacion) throw new AppError('COTIZACION_ESTADO_INVALIDO', MENSAJES_COTIZACION.cotizacionAPedido);
    } else {
      if (!ESTADOS_EDITABLES_VENTA.includes(venta.estado_venta_id)) throw new AppError('VENTA_NO_EN_EDICION');
      if (esCotizacion) throw new AppError('COTIZACION_ESTADO_INVALIDO', MENSAJES_COTIZACION.pedidoACotizacion);
    }
    if (venta.version !== datos.version) throw new AppError('VENTA_MODIFICADA');
    anterior = venta;
  }
  const fechaValidez = esCotizacion ? await cotizacionesService.fechaValidezDeGuardado(trx, datos.fecha_validez) : null;
  if (!esCotizacion && datos.fecha_validez !== null) throw campoInvalido('fecha_validez', MENSAJES_COTIZACION.validezSoloCotizacion);

  const tercero = await tercerosService.buscarTerceroPorId(trx, datos.tercero_id);
  if (!tercero) throw campoInvalido('tercero_id', MENSAJES_VENTA.cliente);

  const productos = await productosDeLineas(
    trx,
    codigoTienda,
    datos.productoList.map((l) => l.producto_id),
  );
  verificarPlanes(datos, productos);
  // What billing will take out must be takeable: no half hinge (docs/decisions.md, Inventario); the refusal names the
  // product's first line.
  await inventarioService.exigirCantidadesVendibles(
    trx,
    datos.productoList.map((l) => ({ productoId: l.producto_id, cantidad: Number(l.cantidad_solicitada) })),
    (productoId) => `productoList.${datos.productoList.findIndex((l) => l.producto_id === productoId)}.cantidad_solicitada`,
  );
  await verificarPrecios(trx, actor, datos, productos);
  await verificarDescuentos(trx, codigoTienda, anterior?.id ?? null, datos, productos);

  const porcentajeImpuestoAdicional = await porcentajeAdicional(trx, datos.impuesto_adicional_id, productos);
  let calculo: ReturnType<typeof calcularTotalesVenta>;
  try {
    calculo = calcularTotalesVenta({
      porcentaje_impuesto_adicional: porcentajeImpuestoAdicional,
      lineas: datos.productoList.map((linea) => ({
        cantidad: linea.cantidad_solicitada,
        precio_unitario: linea.precio_unitario,
        porcentaje_descuento: linea.porcentaje_descuento,
        porcentaje_impuesto: productos.get(linea.producto_id)!.porcentaje_impuesto,
      })),
    });
  } catch (error) {
    // A clear 422 on the line that overflows (its quantity), or on the lines when only the sum does.
    if (error instanceof TotalesFueraDeRango) {
      const linea = /^lineas\[(\d+)\]/.exec(error.campo)?.[1];
      throw linea !== undefined
        ? campoInvalido(`productoList.${linea}.cantidad_solicitada`, MENSAJES_VENTA.lineaExcedeMaximo)
        : campoInvalido('productoList', MENSAJES_VENTA.totalExcedeMaximo);
    }
    throw error;
  }
  if (!totalesIguales(datos, calculo.totales)) throw new AppError('TOTALES_NO_COINCIDEN');
  await revisarReservas?.(datos.confirmar_reservas === true);

  // A quotation moves no money: its credit account is asked for when it becomes an order and is billed.
  if (!esCotizacion && datos.tipo_pago_id === TIPOS_PAGO.credito && !(await cuentasCreditoService.cuentaDeTercero(trx, tercero.id))) {
    throw new AppError('CUENTA_CREDITO_REQUERIDA', MENSAJES_VENTA.sinCuentaCredito(`${tercero.nombres} ${tercero.apellidos}`.trim()));
  }

  const fila: repositorio.VentaEscritura = {
    cliente_id: tercero.id,
    vendedor_id: vendedorId,
    estado_venta_id: datos.estado_venta_id,
    tipo_pago_id: datos.tipo_pago_id,
    impuesto_adicional_id: datos.impuesto_adicional_id,
    porcentaje_impuesto_adicional: porcentajeImpuestoAdicional,
    observacion_venta: datos.observacion_venta,
    total_subtotal_venta: calculo.totales.total_subtotal_venta,
    total_descuento: calculo.totales.total_descuento,
    total_impuestos_venta: calculo.totales.total_impuestos_venta,
    total_otros_impuestos_venta: calculo.totales.total_otros_impuestos_venta,
    total_venta: calculo.totales.total_venta,
    // Every save of a quotation checks today's prices, so its validity starts again (docs/decisions-cotizaciones.md).
    ...(esCotizacion ? { fecha_validez: fechaValidez } : {}),
    ...(clave && huella ? { clave_guardado: clave, huella_guardado: huella } : {}),
  };
  const guardada = anterior ? await repositorio.updateVenta(trx, anterior.id, fila) : await repositorio.insertVenta(trx, codigoTienda, fila);

  // docs/decisions-retales.md: a board line keeps its plan's id (its lepton's optimizacion.id) when the plan is the
  // store's, so billing and the cut find the offcuts it uses and the leftovers it leaves.
  const planDeLinea = await retalesInventario.planesDeLineas(trx, actor, datos.productoList.map((linea) => linea.lepton));
  // Items: the client's where given (production and cut-plan lines link by them), the next free ones otherwise.
  let siguiente = Math.max(0, ...datos.productoList.map((l) => l.item ?? 0));
  await repositorio.reemplazarLineas(
    trx,
    guardada.id,
    datos.productoList.map((linea, n) => {
      const montos = calculo.lineas[n]!;
      return {
        item: linea.item ?? ++siguiente,
        producto_id: linea.producto_id,
        cantidad: linea.cantidad_solicitada,
        precio_unitario: linea.precio_unitario,
        porcentaje_descuento: linea.porcentaje_descuento,
        porcentaje_impuesto: productos.get(linea.producto_id)!.porcentaje_impuesto,
        ...montos,
        response_lepton: linea.lepton ? JSON.stringify(linea.lepton) : null,
        servicio_lepton: linea.servicio_lepton,
        item_padre: linea.item_padre,
        descuento_solicitado_id: linea.descuento_solicitado_id,
        detalle_retal: linea.retal ? JSON.stringify(linea.retal) : null,
        optimizacion_id: planDeLinea[n] ?? null,
      };
    }),
  );
  // The offcuts its plans use and its offcut lines sell must still be free (or this order's); a quotation holds none.
  if (!esCotizacion) {
    await retalesInventario.revisarRetalesDePedido(
      trx,
      actor,
      guardada.id,
      datos.productoList.map((linea, indice) => ({
        indice,
        optimizacion_id: planDeLinea[indice] ?? null,
        retal: linea.retal?.retal_id ? { retal_id: linea.retal.retal_id, base: linea.retal.base, altura: linea.retal.altura } : null,
      })),
    );
  }
  await repositorio.insertTareas(
    trx,
    guardada.id,
    datos.tareasList.map((t) => t.descripcion_tarea),
    actor.userId,
  );
  if (!anterior || anterior.estado_venta_id !== datos.estado_venta_id) {
    await repositorio.insertHistorial(trx, guardada.id, anterior?.estado_venta_id ?? null, datos.estado_venta_id, actor.userId);
  }
  // The order is saved: its draft goes with the save (docs/decisions.md "Borrador del pedido").
  await borradorService.descartarBorradorPedido(trx, actor, datos.venta_id);
  return { venta_id: guardada.id, version: guardada.version, totales: calculo.totales };
}

/**
 * What a save says, as a hash: the request as the schema read it, without its key and the reservation confirmation
 * (a retry may add it after the 409 that asked). Two sends of one save give the same hash.
 */
function huellaGuardado({ clave_guardado: _clave, confirmar_reservas: _confirmar, ...guardado }: VentaGuardar): string {
  return createHash('sha256').update(JSON.stringify(guardado)).digest('hex');
}

function aEncabezado({ porcentaje_impuesto_adicional, ...fila }: repositorio.FilaEncabezado): VentaEncabezado {
  const total_venta = Number(fila.total_venta);
  const total_subtotal_venta = Number(fila.total_subtotal_venta);
  const total_impuestos_venta = Number(fila.total_impuestos_venta);
  return {
    ...fila,
    credito: esVentaCredito(fila),
    fecha_venta: fila.fecha_venta.toISOString(),
    total_subtotal_venta,
    total_descuento: Number(fila.total_descuento),
    total_impuestos_venta,
    total_otros_impuestos_venta: Number(fila.total_otros_impuestos_venta),
    total_venta,
    total_venta_bruta: total_venta,
    total_venta_neta: total_subtotal_venta,
    total_impuestos: total_impuestos_venta,
    porcentaje_impuesto: Number(porcentaje_impuesto_adicional),
  };
}

async function leerVentaCompleta(db: Db, codigoTienda: string, ventaId: number): Promise<VentaCompleta> {
  const encabezado = await repositorio.findEncabezado(db, ventaId, codigoTienda);
  if (!encabezado) throw new AppError('VENTA_NO_ENCONTRADA');
  const detalle = await repositorio.listDetalle(db, ventaId);
  return {
    ventas_encabezado: aEncabezado(encabezado),
    ventas_detalle: detalle.map(({ cantidad, precio_unitario, detalle_retal, ...linea }) => ({
      ...linea,
      retal: (detalle_retal ?? null) as VentaCompleta['ventas_detalle'][number]['retal'],
      cantidad_vendida: Number(cantidad),
      valor_unitario: Number(precio_unitario),
      porcentaje_descuento: Number(linea.porcentaje_descuento),
      porcentaje_impuesto: Number(linea.porcentaje_impuesto),
      valor_bruto: Number(linea.valor_bruto),
      valor_descuento: Number(linea.valor_descuento),
      valor_subtotal: Number(linea.valor_subtotal),
      valor_impuesto: Number(linea.valor_impuesto),
      valor_otros_impuestos: Number(linea.valor_otros_impuestos),
      valor_total: Number(linea.valor_total),
    })),
    ventas_tarea: await listTareasDeVenta(db, ventaId),
  };
}

/** "Sales: get by id" (spec 000 §7): an order of the actor's store with its lines and tasks; 404 otherwise. */
export function leerVenta(db: Db, actor: Actor, ventaId: number): Promise<VentaCompleta> {
  return leerVentaCompleta(db, tiendaDelActor(actor), ventaId);
}

/**
 * Loading an order for editing (spec 000 §4.1): only from state 1 or 4 (else 'La factura no se encuentra en
 * edición'); the order goes to 4 with its history row and a new version, and is answered as leerVenta.
 */
export async function cargarParaEdicion(trx: Trx, actor: Actor, ventaId: number): Promise<VentaCompleta> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.lockVenta(trx, ventaId, codigoTienda);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  // A quotation opens as it is (it has no 'in editing' state), unless it already became an order.
  if (venta.estado_venta_id === ESTADOS_VENTA.cotizacion) {
    await cotizacionesService.exigirSinConvertir(trx, venta);
    return leerVentaCompleta(trx, codigoTienda, ventaId);
  }
  if (!ESTADOS_EDITABLES_VENTA.includes(venta.estado_venta_id)) throw new AppError('VENTA_NO_EN_EDICION');
  if (venta.estado_venta_id !== ESTADOS_VENTA.enEdicion) {
    await repositorio.updateEstadoVenta(trx, ventaId, ESTADOS_VENTA.enEdicion);
    await repositorio.insertHistorial(trx, ventaId, venta.estado_venta_id, ESTADOS_VENTA.enEdicion, actor.userId);
  }
  return leerVentaCompleta(trx, codigoTienda, ventaId);
}

/** "Sales: list by filters" (spec 000 §7, §2.12): a customer's orders in a state (4 by default) in the actor's store. */
export async function ventasPorFiltro(db: Db, actor: Actor, filtros: VentasFiltros): Promise<VentaEncabezado[]> {
  const filas = await repositorio.listEncabezadosPorFiltro(db, tiendaDelActor(actor), filtros.tercero_id, filtros.estado_venta_id);
  return filas.map(aEncabezado);
}

/** GET listas/formas-pago (spec 000 §7, 002 §3 Payment method): the active payment methods. */
export function listarFormasPago(db: Db): Promise<FormaPago[]> {
  return repositorio.listFormasPago(db);
}

/** GET listas/tipos-pagos (spec 000 §7 "GET payment types"). */
export function listarTiposPago(db: Db): Promise<TipoPago[]> {
  return repositorio.listTiposPago(db);
}
