import fc from 'fast-check';
import { fallaFacturaEnCampo, revisarFilas, type FormaDeFila } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { compararConLaRegla, siEn } from '../../../test/filas-pago';

/**
 * The bill dialog and the server decide a bill's payment rows with one rule (packages/domain formas-pago/filas-pago.ts,
 * docs/architecture.md §3 "Payment rows"): for rows drawn at random (methods with and without a voucher, credit and
 * the advance, amounts that add up or not, a zero, a missing voucher, credit mode or not, the cash received), the
 * server refuses exactly the rows the rule refuses, with the rule's message on the rule's field, and bills the others.
 */

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let cajero: UsuarioConSesion;
let producto: { id: number };

/** The methods of the migration (202611231700_create_forma_pago) the draws use: cash, a debit card, credit, the advance. */
const FORMAS: readonly FormaDeFila[] = [
  { id: 1, requiere_codigo_comprobante: false, forma_abono: false, forma_credito: false },
  { id: 2, requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 6, requiere_codigo_comprobante: false, forma_abono: false, forma_credito: true },
  { id: 8, requiere_codigo_comprobante: false, forma_abono: true, forma_credito: false },
];
const TOTAL = 150_000.5;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  cajero = (await crearUsuariosPorRol(app, db, tienda.codigo_tienda)).porRol.Vendedor;
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  producto = await crearProducto(db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 2,
    linea_id: 4,
    precio_unitario: TOTAL,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 1000, precio_unitario: TOTAL }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 1, numero_hasta: 10_000 });
  // A credit bill is an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FE', numero_desde: 1, numero_hasta: 10_000 });
});

/** A pending sale of TOTAL for a customer with enough advance balance and credit quota for any draw. */
async function ventaPendiente() {
  const cliente = await crearTercero(entorno.db, { saldo_abono: 1_000_000 });
  await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
  return crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: cajero.id,
    lineas: [{ producto_id: producto.id, cantidad: 1, precio_unitario: TOTAL }],
  });
}

interface Caso {
  credito: boolean;
  filas: { forma: FormaDeFila; valor: number; comprobante: string | null }[];
  recibido: number | null;
}

const CENTAVOS = Math.round(TOTAL * 100);

/** A row's amount: mostly its part of the total, now and then a zero or an extra thousand pesos. */
const desvio = fc.oneof({ arbitrary: fc.constant('exacto' as const), weight: 8 }, { arbitrary: fc.constant('cero' as const), weight: 1 }, { arbitrary: fc.constant('extra' as const), weight: 1 });
const fila = fc.record({ forma: fc.constantFrom(...FORMAS), desvio, conComprobante: siEn(75), comprobante: fc.nat(999) });

/** Rows that mostly add up to the total, with now and then a zero, an extra peso, a missing voucher or a short cash. */
const casos: fc.Arbitrary<Caso> = fc
  .integer({ min: 1, max: 3 })
  .chain((n) =>
    fc.record({
      cortes: fc.array(fc.nat(CENTAVOS - 1), { minLength: n - 1, maxLength: n - 1 }),
      filas: fc.array(fila, { minLength: n, maxLength: n }),
      darRecibido: siEn(60),
      ajusteRecibido: fc.constantFrom(-1000, 0, 5000),
      credito: siEn(35),
    }),
  )
  .map(({ cortes, filas: sorteadas, darRecibido, ajusteRecibido, credito }) => {
    const ordenados = [...cortes].sort((a, b) => a - b);
    const partes = [...ordenados, CENTAVOS].map((corte, i) => corte - (i === 0 ? 0 : ordenados[i - 1]!));
    const filas = sorteadas.map(({ forma, desvio: d, conComprobante, comprobante }, i) => ({
      forma,
      valor: (d === 'cero' ? 0 : d === 'extra' ? partes[i]! + 100_000 : partes[i]!) / 100,
      comprobante: forma.requiere_codigo_comprobante && conComprobante ? `V-${comprobante}` : null,
    }));
    const efectivo = filas.filter((f) => f.forma.id === 1).reduce((suma, f) => suma + Math.round(f.valor * 100), 0) / 100;
    const recibido = efectivo > 0 && darRecibido ? Math.max(0, Math.round((efectivo + ajusteRecibido) * 100) / 100) : null;
    return { credito, filas, recibido };
  });

describe('the bill and the payment rows rule', () => {
  it('refuses exactly what the rule refuses, with its message on its field, and bills the rest', async () => {
    let venta = await ventaPendiente();
    const { aceptados, rechazados } = await compararConLaRegla({
      casos,
      semilla: 20261128,
      cuantos: 40,
      enviar: async ({ credito, filas, recibido }) => {
        const respuesta = await entorno.app.inject({
          method: 'POST',
          url: `/api/facturas/${venta.id}/forma-pago`,
          headers: headers(cajero.token, tienda.codigo_tienda),
          payload: cuerpoFacturar(
            filas.map((f) => ({ id_forma_pago: f.forma.id, valor_pagado: f.valor, comprobante_id: f.comprobante })),
            { crear_venta_credito: credito, modo_factura: credito ? 'CR' : 'C', valor_recibido: recibido },
          ),
        });
        // A billed sale is billed: the next case bills a new one.
        if (respuesta.statusCode === 200) venta = await ventaPendiente();
        return respuesta;
      },
      regla: ({ credito, filas, recibido }) => {
        const falla = revisarFilas('factura', filas, { total: TOTAL, credito, recibido });
        return falla ? fallaFacturaEnCampo(falla) : null;
      },
      describir: ({ credito, filas, recibido }) => ({ credito, filas: filas.map((f) => [f.forma.id, f.valor, f.comprobante]), recibido }),
    });
    // The draws cover both sides of the rule.
    expect(aceptados).toBeGreaterThan(3);
    expect(rechazados).toBeGreaterThan(10);
  });
});
