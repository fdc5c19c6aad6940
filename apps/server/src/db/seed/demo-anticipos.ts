import { anticipoCrearSchema, facturarSchema, hoyNegocio, type AnticipoCrearEntrada } from '@tablero/domain';
import { actorSistema, type Actor, type Trx } from '../transaccion';
import * as abonosService from '../../modules/abonos';
import * as usuariosService from '../../modules/usuarios';
import * as ventasService from '../../modules/ventas';
import { clientePorDocumento, guardarPedidoDemo } from './demo-ventas';

const EFECTIVO = 1;
const TRANSFERENCIA = 4;
const NEQUI = 7;
const ANTICIPO = 8;

/** The business date `dias` days before today. */
const haceDias = (dias: number) => hoyNegocio(new Date(Date.now() - dias * 86_400_000));

/**
 * Demo data of anticipos (docs/decisions-anticipos.md), after the billed demo sales (where María Fernanda's prepaid
 * balance already paid part of an order) and before the credits: advances through the advances service, so the
 * Anticipos screen shows every state. María Fernanda adds an advance by transfer (with its voucher code); Jorge Iván
 * one in cash; Luz Marina pays her order in advance and the order is then billed against it (an advance spent on a
 * sale: her balance is back to 0); Ana Lucía gave up her order and her advance is annulled. Only María Fernanda and
 * Jorge Iván keep a balance.
 */
export async function cargarAnticiposDemo(db: Trx): Promise<void> {
  const superId = await usuariosService.idPorEmail(db, 'superadmin@tablero.test');
  const vendedorId = await usuariosService.idPorEmail(db, 'vendedor@tablero.test');
  if (superId === undefined || vendedorId === undefined) throw new Error('Faltan los usuarios de demostración');
  const administrador: Actor = { ...actorSistema('001'), userId: superId, role: 'SuperAdministrador' };
  const cajero: Actor = { ...actorSistema('001'), userId: vendedorId, role: 'Vendedor' };

  const anticipar = async (documento: string, datos: Omit<AnticipoCrearEntrada, 'cliente_id'>) => {
    const cliente = await clientePorDocumento(db, documento);
    return abonosService.registrarAnticipo(db, anticipoCrearSchema.parse({ ...datos, cliente_id: cliente.id }), administrador);
  };

  await anticipar('43876512', {
    fecha_anticipo: haceDias(6),
    valor_anticipo: 250_000,
    observacion_anticipo: 'Anticipo para el closet de la habitación principal',
    forma_pago_id: TRANSFERENCIA,
    codigo_comprobante: 'TRF-30551',
  });
  await anticipar('98562314', { fecha_anticipo: haceDias(3), valor_anticipo: 150_000, observacion_anticipo: 'Separa dos láminas de MDF', forma_pago_id: EFECTIVO });

  // Luz Marina pays her order in advance; the order is billed against her advance.
  const pedido = await guardarPedidoDemo(db, cajero, { cliente: '32456789', estado: 1, lineas: [['MDF-CR-9', 2], ['SERVICOR1', 2]], tareas: [] });
  await anticipar('32456789', {
    fecha_anticipo: haceDias(2),
    valor_anticipo: pedido.total_venta,
    observacion_anticipo: `Pago anticipado del pedido ${pedido.venta_id}`,
    forma_pago_id: NEQUI,
    codigo_comprobante: 'NQ-884120',
  });
  const cuerpo = facturarSchema.parse({
    version: pedido.version,
    crear_factura_siigo: false,
    crear_venta_credito: false,
    formaPagoList: [{ id_forma_pago: ANTICIPO, valor_pagado: pedido.total_venta }],
    valor_recibido: null,
  });
  await ventasService.facturarVenta(db, cajero, pedido.venta_id, cuerpo, hoyNegocio());

  // Ana Lucía gave up her order and took her money back: her advance is annulled.
  const desistido = await anticipar('1036654321', { fecha_anticipo: haceDias(1), valor_anticipo: 90_000, observacion_anticipo: 'Anticipo para repisas flotantes', forma_pago_id: EFECTIVO });
  await abonosService.anularAnticipo(db, desistido.id, administrador);
}
