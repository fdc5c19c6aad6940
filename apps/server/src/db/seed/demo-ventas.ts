import { calcularTotalesVenta, terceroConsultaSchema, TIPOS_PAGO, ventaGuardarSchema, type Tercero } from '@tablero/domain';
import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as descuentosService from '../../modules/descuentos';
import * as productosService from '../../modules/productos';
import * as tercerosService from '../../modules/terceros';
import * as usuariosService from '../../modules/usuarios';
import * as ventasService from '../../modules/ventas';

const TIENDA = '001';

/** Orders of the demo store, saved the way the order form saves them: lines by reference and quantity, and tasks. */
const PEDIDOS_DEMO = [
  {
    cliente: '900456789',
    estado: 1,
    lineas: [
      ['MEL-BL-18', 4],
      ['MDF-CR-9', 2],
    ],
    tareas: ['Confirmar medidas de los cortes con el cliente', 'Entregar el viernes en la obra'],
  },
  { cliente: '43876512', estado: 1, lineas: [['MEL-GG-15', 1]], tareas: ['Llamar cuando el pedido esté listo'] },
  { cliente: '98562314', estado: 4, lineas: [['MEL-BL-18', 2], ['MDF-CR-9', 1]], tareas: ['Cotizar el enchape en roble'] },
] as const;

export async function clientePorDocumento(db: Trx, documento: string): Promise<Tercero> {
  const encontrados = (await tercerosService.listarTerceros(db, terceroConsultaSchema.parse({ query: documento, no_page: '1' }))) as Tercero[];
  const cliente = encontrados.find((tercero) => tercero.numero_documento === documento);
  if (!cliente) throw new Error(`Falta el cliente de demostración ${documento}`);
  return cliente;
}

/**
 * Saves an order of the demo store the way the order form does (the store's prices, the server's totals), as `actor`:
 * lines by product reference and quantity. Answers the sale's id, version and total.
 */
export async function guardarPedidoDemo(
  db: Trx,
  actor: Actor,
  /** `cliente`: the customer's document number, or its id where one number names two customers (CC and NIT). */
  pedido: {
    cliente: string | number;
    estado: number;
    lineas: readonly (readonly [string, number])[];
    tareas: readonly string[];
    /** The seller's payment type (Contado by default); billing writes the bill's (docs/decisions.md, Facturación). */
    tipoPago?: (typeof TIPOS_PAGO)[keyof typeof TIPOS_PAGO];
  },
): Promise<{ venta_id: number; version: number; total_venta: number }> {
  const codigoTienda = actor.codigoTienda ?? TIENDA;
  const clienteId = typeof pedido.cliente === 'number' ? pedido.cliente : (await clientePorDocumento(db, pedido.cliente)).id;
  const lineas = [];
  for (const [referencia, cantidad] of pedido.lineas) {
    const id = await productosService.idPorReferencia(db, referencia);
    if (id === undefined) throw new Error(`Falta el producto de demostración ${referencia}`);
    const producto = await productosService.leerProducto(db, codigoTienda, id);
    lineas.push({ producto, cantidad });
  }
  const { totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: 0,
    lineas: lineas.map(({ producto, cantidad }) => ({ cantidad, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: producto.porcentaje_impuesto })),
  });
  const guardada = await ventasService.guardarVenta(
    db,
    actor,
    ventaGuardarSchema.parse({
      venta_id: null,
      tercero_id: clienteId,
      tipo_pago_id: pedido.tipoPago ?? TIPOS_PAGO.contado,
      estado_venta_id: pedido.estado,
      impuesto_adicional_id: null,
      observacion_venta: null,
      productoList: lineas.map(({ producto, cantidad }) => ({ producto_id: producto.id, cantidad_solicitada: cantidad, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0 })),
      tareasList: pedido.tareas.map((descripcion_tarea) => ({ descripcion_tarea })),
      ...totales,
    }),
  );
  return { venta_id: guardada.venta_id, version: guardada.version, total_venta: guardada.totales.total_venta };
}

/**
 * Three orders of the demo seller (two pending billing, one in editing) with their tasks, so Pendientes has work
 * on a fresh start, and two discount requests (one pending, one approved by the demo administrator).
 * Runs inside demo.ts's transaction, after products and third parties.
 */
export async function cargarVentasDemo(db: Trx): Promise<void> {
  const vendedorId = await usuariosService.idPorEmail(db, 'vendedor@tablero.test');
  const adminId = await usuariosService.idPorEmail(db, 'admin@tablero.test');
  if (vendedorId === undefined || adminId === undefined) throw new Error('Faltan los usuarios de demostración');
  const vendedor: Actor = { ...actorSistema(TIENDA), userId: vendedorId, role: 'Vendedor' };
  const administrador: Actor = { ...actorSistema(TIENDA), userId: adminId, role: 'Administrador' };

  for (const pedido of PEDIDOS_DEMO) await guardarPedidoDemo(db, vendedor, pedido);

  // Discount requests on the first order's lines: one waits for a decision, the other was approved.
  const cliente = await clientePorDocumento(db, PEDIDOS_DEMO[0].cliente);
  const solicitudes = [];
  for (const [[referencia, cantidad], porcentaje] of [[PEDIDOS_DEMO[0].lineas[0], 5], [PEDIDOS_DEMO[0].lineas[1], 8]] as const) {
    const producto = await productosService.leerProducto(db, TIENDA, (await productosService.idPorReferencia(db, referencia))!);
    const { lineas } = calcularTotalesVenta({
      porcentaje_impuesto_adicional: 0,
      lineas: [{ cantidad, precio_unitario: producto.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: 0 }],
    });
    solicitudes.push(
      await descuentosService.solicitarDescuento(db, vendedor, {
        porcentaje_descuento: porcentaje,
        tercero_id: cliente.id,
        producto_id: producto.id,
        cantidad_solicitada: cantidad,
        precio_unitario: producto.precio_unitario,
        sub_total: lineas[0]!.valor_subtotal,
        codigo_tienda: TIENDA,
      }),
    );
  }
  await descuentosService.decidirDescuento(db, administrador, { descuento_solicitado_id: solicitudes[1]!.id, aprobado: true });
}
