import { fallaAbonoCreditoEnCampo, hoyNegocio, revisarFilas, type FormaDeFila } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema, type Actor } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import { crearCuentaCredito, crearTercero, crearTienda, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
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

/** A small seeded generator (mulberry32): the same draws on every run, so a failure names a case that comes back. */
function generador(semilla: number) {
  let estado = semilla;
  const azar = () => {
    estado = (estado + 0x6d2b79f5) | 0;
    let t = Math.imul(estado ^ (estado >>> 15), 1 | estado);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { azar, entre: (n: number) => Math.floor(azar() * n) };
}

/** Distinct methods (a repeated one is the request schema's refusal, before the rule), amounts that mostly fit. */
function caso({ azar, entre }: ReturnType<typeof generador>) {
  const formas = [...FORMAS].sort(() => azar() - 0.5).slice(0, 1 + entre(3));
  const filas = formas.map((forma) => ({
    forma,
    valor: (1 + entre(Math.round((PENDIENTE * 100) / formas.length) * (azar() < 0.2 ? 2 : 1))) / 100,
    comprobante: forma.requiere_codigo_comprobante && azar() < 0.8 ? `TR-${entre(1000)}` : null,
    fecha_consignacion: forma.requiere_codigo_comprobante && azar() < 0.8 ? hoy : null,
  }));
  return { filas, saldoAnticipo: azar() < 0.5 ? 0 : entre(40_000) };
}

describe('the credit payment and the payment rows rule', () => {
  it('refuses exactly what the rule refuses, with its message on its field, and records the rest', async () => {
    const aleatorio = generador(20261128);
    let registrados = 0;
    let rechazados = 0;
    for (let i = 0; i < 30; i += 1) {
      const { filas, saldoAnticipo } = caso(aleatorio);
      const ventaId = await ventaACredito(saldoAnticipo);
      const total = filas.reduce((suma, fila) => suma + Math.round(fila.valor * 100), 0) / 100;
      const respuesta = await entorno.app.inject({
        method: 'POST',
        url: '/api/creditos/abonos',
        headers: headers(superAdmin.token, tienda.codigo_tienda),
        payload: {
          venta_id: ventaId,
          fecha_abono: hoy,
          observacion_abono: 'Abono de prueba',
          valor_abono: total,
          lista_formas_pagadas_form: filas.map((fila) => ({
            id_forma_pago: fila.forma.id,
            nombre_forma_pago: fila.forma.nombre,
            valor_pagado: fila.valor,
            codigo_comprobante: fila.comprobante,
            fecha_consignacion: fila.fecha_consignacion,
          })),
        },
      });
      const falla = revisarFilas('abonoCredito', filas, { maximo: PENDIENTE, saldoAnticipo });
      const descripcion = `caso ${i}: ${JSON.stringify({ saldoAnticipo, filas: filas.map((f) => [f.forma.id, f.valor, f.comprobante, f.fecha_consignacion]) })}`;
      if (falla) {
        const { mensaje, campo } = fallaAbonoCreditoEnCampo(falla);
        expect(respuesta.statusCode, descripcion).toBe(422);
        expect(respuesta.json().message, descripcion).toBe(mensaje);
        expect(Object.keys(respuesta.json().errors ?? {}), descripcion).toContain(campo);
        rechazados += 1;
      } else {
        expect(respuesta.statusCode, `${descripcion}: ${respuesta.body}`).toBe(200);
        registrados += 1;
      }
    }
    // The draws cover both sides of the rule.
    expect(registrados).toBeGreaterThan(3);
    expect(rechazados).toBeGreaterThan(5);
  });
});
