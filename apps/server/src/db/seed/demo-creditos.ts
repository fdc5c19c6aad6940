import { pagoCreditoSchema, eliminarCreditoSchema, facturarSchema, hoyNegocio, TIPOS_PAGO } from '@tablero/domain';
import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as abonosService from '../../modules/abonos';
import * as cuentasCreditoService from '../../modules/cuentas-credito';
import * as usuariosService from '../../modules/usuarios';
import * as ventasService from '../../modules/ventas';
import { clientePorDocumento, guardarPedidoDemo } from './demo-ventas';

const EFECTIVO = 1;
const TRANSFERENCIA = 4;
const CONSIGNACION = 5;
const CREDITO = 6;
const ANTICIPO = 8;

/** Pesos rounded to whole pesos: a part of a sale's total that a customer would pay. */
const parte = (total: number, fraccion: number) => Math.round(total * fraccion);

/**
 * Demo data of créditos (docs/decisions-creditos.md), after the billed demo sales and the advances: every credit comes
 * from billed credit invoices (a charge always names its sale), and the screens show every state. Carpintería El Roble
 * owes on three sales: the oldest partly paid over two methods (cash and a transfer with its voucher and deposit date),
 * another with a payment later annulled. Muebles y Diseños La Esquina pays part of its sale with its advance balance
 * and cash. Cocinas Integrales del Valle pays a little and the rest of its credit is written off with its reason.
 */
export async function cargarCreditosDemo(db: Trx): Promise<void> {
  const vendedorId = await usuariosService.idPorEmail(db, 'vendedor@tablero.test');
  const superId = await usuariosService.idPorEmail(db, 'superadmin@tablero.test');
  if (vendedorId === undefined || superId === undefined) throw new Error('Faltan los usuarios de demostración');
  const cajero: Actor = { ...actorSistema('001'), userId: vendedorId, role: 'Vendedor' };
  const administrador: Actor = { ...actorSistema('001'), userId: superId, role: 'SuperAdministrador' };
  const hoy = hoyNegocio();

  const facturarCredito = async (cliente: string | number, lineas: readonly (readonly [string, number])[]) => {
    const { venta_id, version, total_venta } = await guardarPedidoDemo(db, cajero, { cliente, estado: 1, lineas, tareas: [], tipoPago: TIPOS_PAGO.credito });
    const cuerpo = facturarSchema.parse({
      version,
      // A credit sale is always an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
      crear_factura_siigo: true,
      crear_venta_credito: true,
      formaPagoList: [{ id_forma_pago: CREDITO, valor_pagado: total_venta }],
      valor_recibido: null,
    });
    await ventasService.facturarVenta(db, cajero, venta_id, cuerpo, hoy);
    return { ventaId: venta_id, total: total_venta };
  };
  const abonar = (ventaId: number, observacion: string, formas: { id_forma_pago: number; valor_pagado: number; codigo_comprobante?: string; fecha_consignacion?: string }[]) =>
    cuentasCreditoService.registrarPagoCredito(
      db,
      pagoCreditoSchema.parse({
        venta_id: ventaId,
        fecha_abono: hoy,
        observacion_abono: observacion,
        valor_abono: formas.reduce((s, f) => s + f.valor_pagado, 0),
        lista_formas_pagadas_form: formas,
      }),
      administrador,
    );

  // Carpintería El Roble: its credit invoice of the billing demo, and two more.
  const roble = await clientePorDocumento(db, '900456789');
  const [primera] = await cuentasCreditoService.listarVentasPendientes(db, '', (await cuentasCreditoService.cuentaDeTercero(db, roble.id))!.id);
  if (primera) {
    await abonar(primera.venta_id, 'Abono de la primera quincena', [
      { id_forma_pago: EFECTIVO, valor_pagado: parte(primera.valor_saldo_movimiento, 0.25) },
      { id_forma_pago: TRANSFERENCIA, valor_pagado: parte(primera.valor_saldo_movimiento, 0.2), codigo_comprobante: 'TRF-45120', fecha_consignacion: hoy },
    ]);
  }
  const tableros = await facturarCredito('900456789', [['MEL-BL-18', 4], ['SERVICOR1', 4], ['TC-BL-22X045R', 12], ['SERVIENC02', 12]]);
  const { movimientoId } = await abonar(tableros.ventaId, 'Consignación que el banco devolvió', [
    { id_forma_pago: CONSIGNACION, valor_pagado: parte(tableros.total, 0.3), codigo_comprobante: 'CSG-7781', fecha_consignacion: hoy },
  ]);
  await cuentasCreditoService.anularPagoCredito(db, movimientoId, administrador);
  await facturarCredito('900456789', [['MDF-CR-9', 2], ['SERVICOR1', 2]]);

  // Muebles y Diseños La Esquina: an advance received, then spent on its credit sale together with cash.
  const esquina = await clientePorDocumento(db, '901234567');
  const cocina = await facturarCredito('901234567', [['MEL-GG-15', 3], ['SERVICOR1', 3]]);
  await abonosService.registrarAbono(db, { terceroId: esquina.id, valor: 120_000, descripcion: 'Anticipo para el pedido de cocina', formaPagoId: EFECTIVO }, administrador);
  await abonar(cocina.ventaId, 'Abono con el anticipo y efectivo', [
    { id_forma_pago: ANTICIPO, valor_pagado: 120_000 },
    { id_forma_pago: EFECTIVO, valor_pagado: parte(cocina.total, 0.1) },
  ]);

  // CC 52345678 (Gloria Patricia Henao Ruiz) and NIT 52345678 (Ebanistería Henao E.U.): one number, two customers, each
  // owing on a credit invoice, so the credit account detail of that number asks which one and shows each balance.
  const mismoNumero = (await cuentasCreditoService.listarCuentas(db, { page: 1, per_page: 10, direccion: 'asc', numeroDocumento: '52345678' })).data;
  for (const [cuenta, lineas] of [
    [mismoNumero.find((c) => c.nombre_tipo_documento !== 'NIT'), [['MEL-BL-18', 2], ['SERVICOR1', 2]]],
    [mismoNumero.find((c) => c.nombre_tipo_documento === 'NIT'), [['MDF-CR-9', 6], ['SERVICOR1', 6], ['TC-BL-22X045R', 20], ['SERVIENC02', 20]]],
  ] as const) {
    if (!cuenta) throw new Error('Faltan las cuentas crédito de demostración del número 52345678');
    await facturarCredito(cuenta.tercero_id, lineas);
  }

  // Cocinas Integrales del Valle: a credit, a small payment and the rest written off.
  const valle = await clientePorDocumento(db, '805012345');
  const { id: cuentaValle } = await cuentasCreditoService.guardarCuenta(db, { id: null, tercero_id: valle.id, total_cupo_permitido: 2_000_000 }, administrador);
  const valleVenta = await facturarCredito('805012345', [['MEL-BL-18', 2], ['SERVICOR1', 2]]);
  await abonar(valleVenta.ventaId, 'Abono parcial antes del cierre del negocio', [{ id_forma_pago: EFECTIVO, valor_pagado: parte(valleVenta.total, 0.2) }]);
  await cuentasCreditoService.eliminarCredito(db, cuentaValle, eliminarCreditoSchema.parse({ motivo: 'Cliente liquidado; saldo incobrable aprobado por gerencia' }), administrador);
}
