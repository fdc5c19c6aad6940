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

/** A small seeded generator (mulberry32): the same draws on every run, so a failure names a case that comes back. */
function generador(semilla: number) {
  let estado = semilla;
  const azar = () => {
    estado = (estado + 0x6d2b79f5) | 0;
    let t = Math.imul(estado ^ (estado >>> 15), 1 | estado);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { azar, entre: (n: number) => Math.floor(azar() * n), elegir: <T>(opciones: readonly T[]) => opciones[Math.floor(azar() * opciones.length)]! };
}

interface Caso {
  credito: boolean;
  filas: { forma: FormaDeFila; valor: number; comprobante: string | null }[];
  recibido: number | null;
}

/** Rows that mostly add up to the total, with now and then a zero, an extra peso, a missing voucher or a short cash. */
function caso({ azar, entre, elegir }: ReturnType<typeof generador>): Caso {
  const n = 1 + entre(3);
  const centavos = Math.round(TOTAL * 100);
  const cortes = Array.from({ length: n - 1 }, () => entre(centavos)).sort((a, b) => a - b);
  const partes = [...cortes, centavos].map((corte, i) => corte - (i === 0 ? 0 : cortes[i - 1]!));
  const filas = partes.map((parte) => {
    const forma = elegir(FORMAS);
    const valor = (azar() < 0.1 ? 0 : azar() < 0.1 ? parte + 100_000 : parte) / 100;
    return { forma, valor, comprobante: forma.requiere_codigo_comprobante && azar() < 0.75 ? `V-${entre(1000)}` : null };
  });
  const efectivo = filas.filter((fila) => fila.forma.id === 1).reduce((suma, fila) => suma + Math.round(fila.valor * 100), 0) / 100;
  const recibido = efectivo > 0 && azar() < 0.6 ? Math.max(0, Math.round((efectivo + elegir([-1000, 0, 5000])) * 100) / 100) : null;
  return { credito: azar() < 0.35, filas, recibido };
}

describe('the bill and the payment rows rule', () => {
  it('refuses exactly what the rule refuses, with its message on its field, and bills the rest', async () => {
    const aleatorio = generador(20261128);
    let venta = await ventaPendiente();
    let facturadas = 0;
    let rechazadas = 0;
    for (let i = 0; i < 40; i += 1) {
      const { credito, filas, recibido } = caso(aleatorio);
      const respuesta = await entorno.app.inject({
        method: 'POST',
        url: `/api/facturas/${venta.id}/forma-pago`,
        headers: headers(cajero.token, tienda.codigo_tienda),
        payload: cuerpoFacturar(
          filas.map((fila) => ({ id_forma_pago: fila.forma.id, valor_pagado: fila.valor, comprobante_id: fila.comprobante })),
          { crear_venta_credito: credito, modo_factura: credito ? 'CR' : 'C', valor_recibido: recibido },
        ),
      });
      const falla = revisarFilas('factura', filas, { total: TOTAL, credito, recibido });
      const descripcion = `caso ${i}: ${JSON.stringify({ credito, filas: filas.map((f) => [f.forma.id, f.valor, f.comprobante]), recibido })}`;
      if (falla) {
        const { mensaje, campo } = fallaFacturaEnCampo(falla);
        expect(respuesta.statusCode, descripcion).toBe(422);
        expect(respuesta.json().message, descripcion).toBe(mensaje);
        expect(Object.keys(respuesta.json().errors ?? {}), descripcion).toContain(campo);
        rechazadas += 1;
      } else {
        expect(respuesta.statusCode, `${descripcion}: ${respuesta.body}`).toBe(200);
        facturadas += 1;
        venta = await ventaPendiente();
      }
    }
    // The draws cover both sides of the rule.
    expect(facturadas).toBeGreaterThan(3);
    expect(rechazadas).toBeGreaterThan(10);
  });
});
