import fc from 'fast-check';
import { fallaPagoCreditoEnCampo, hoyNegocio, revisarFilas, type FormaDeFila } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema, type Actor } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import { crearCuentaCredito, crearTercero, crearTienda, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
import { compararConLaRegla, siEn } from '../../../test/filas-pago';
import * as cuentasCreditoService from '.';

/**
 * The credit payment form and the server decide the payment rows with one rule (packages/domain
 * formas-pago/filas-pago.ts, docs/architecture.md §3 "Payment rows"): for rows drawn at random (methods with and
 * without a voucher and its deposit date, credit, the advance, amounts within the sale's pending balance or above it,
 * an advance within the customer's advance balance or above it), the server refuses exactly what the rule refuses,
 * with the rule's message on the rule's field, and records the rest.
 */

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let actor: Actor;
let ventaSiguiente = 900_000;
const hoy = hoyNegocio();

/** The methods of the migration (202611231700_create_forma_pago) the draws use: cash, a transfer, credit, the advance. */
const FORMAS: readonly (FormaDeFila & { nombre: string })[] = [
  { id: 1, nombre: 'Efectivo', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: false },
  { id: 4, nombre: 'Transferencia bancaria', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 6, nombre: 'Crédito', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: true },
  { id: 8, nombre: 'Anticipo', requiere_codigo_comprobante: false, forma_abono: true, forma_credito: false },
];
const PENDIENTE = 80_000.5;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ({ superAdmin } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  actor = { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id, role: 'SuperAdministrador' };
});

/** A customer with `saldoAnticipo` of advance and one credit sale of PENDIENTE. */
async function ventaACredito(saldoAnticipo: number) {
  const cliente = await crearTercero(entorno.db, { saldo_abono: saldoAnticipo });
  await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
  const ventaId = ++ventaSiguiente;
  await entorno.db.transaction().execute((trx) => cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId, valor: PENDIENTE }, actor));
  return ventaId;
}

const CENTAVOS = Math.round(PENDIENTE * 100);

/** Distinct methods (a repeated one is the request schema's refusal, before the rule), amounts that mostly fit. */
const casos = fc
  .shuffledSubarray([...FORMAS], { minLength: 1, maxLength: 3 })
  .chain((formas) => {
    const parte = Math.round(CENTAVOS / formas.length);
    const fila = (forma: (typeof FORMAS)[number]) =>
      fc.record({
        forma: fc.constant(forma),
        // Now and then up to twice its share, so the sum goes above the pending balance.
        valor: fc.oneof({ arbitrary: fc.integer({ min: 1, max: parte }), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: parte * 2 }), weight: 1 }).map((c) => c / 100),
        comprobante: siEn(80).chain((hay) => (forma.requiere_codigo_comprobante && hay ? fc.nat(999).map((n) => `TR-${n}`) : fc.constant(null))),
        fecha_consignacion: siEn(80).map((hay) => (forma.requiere_codigo_comprobante && hay ? hoy : null)),
      });
    return fc.record({ filas: fc.tuple(...formas.map(fila)), saldoAnticipo: fc.oneof(fc.constant(0), fc.nat(39_999)) });
  });

describe('the credit payment and the payment rows rule', () => {
  it('refuses exactly what the rule refuses, with its message on its field, and records the rest', async () => {
    const { aceptados, rechazados } = await compararConLaRegla({
      casos,
      semilla: 20261128,
      cuantos: 30,
      enviar: async ({ filas, saldoAnticipo }) =>
        entorno.app.inject({
          method: 'POST',
          url: '/api/creditos/abonos',
          headers: headers(superAdmin.token, tienda.codigo_tienda),
          payload: {
            venta_id: await ventaACredito(saldoAnticipo),
            fecha_abono: hoy,
            observacion_abono: 'Abono de prueba',
            valor_abono: filas.reduce((suma, f) => suma + Math.round(f.valor * 100), 0) / 100,
            lista_formas_pagadas_form: filas.map((f) => ({
              id_forma_pago: f.forma.id,
              nombre_forma_pago: f.forma.nombre,
              valor_pagado: f.valor,
              codigo_comprobante: f.comprobante,
              fecha_consignacion: f.fecha_consignacion,
            })),
          },
        }),
      regla: ({ filas, saldoAnticipo }) => {
        const falla = revisarFilas('pagoCredito', filas, { maximo: PENDIENTE, saldoAnticipo });
        return falla ? fallaPagoCreditoEnCampo(falla) : null;
      },
      describir: ({ filas, saldoAnticipo }) => ({ saldoAnticipo, filas: filas.map((f) => [f.forma.id, f.valor, f.comprobante, f.fecha_consignacion]) }),
    });
    // The draws cover both sides of the rule.
    expect(aceptados).toBeGreaterThan(3);
    expect(rechazados).toBeGreaterThan(5);
  });
});
