/**
 * The money writers raced in pairs (docs/architecture.md §3, lock order): every writer that reverses or checks rows
 * reads them only after taking the lock that guards them, so any two of them on one customer and one sale, fired at
 * once, answer a 200 or a Spanish 409/422 (never a 5xx) and leave every ledger exact: the credit account's total is
 * the sum of its movements, the prepaid balance the sum of its ledger, no sale owes less than zero, nothing is
 * reversed twice, an annulled sale keeps none of the money or stock it moved, and stock is its movements.
 *
 * Generated: the writers are a list, the matrix is every unordered pair of them (each one with itself too), and each
 * pair runs RONDAS times, each round on a fresh customer and sales set up in the state the pair needs.
 */
import { hoyNegocio } from '@tablero/domain';
import { sql } from 'kysely';
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

const entorno = usarEntorno();

/** Rounds per pair; the rounds of a pair run LOTE at a time, so their setups and races overlap too. */
const RONDAS = 8;
const LOTE = 4;
const STOCK_INICIAL = 100_000;
/** Payment methods (migrations): 1 Efectivo, 6 Crédito, 8 Anticipo. */
const EFECTIVO = 1;
const CREDITO = 6;
const ANTICIPO = 8;

let tienda: TiendaPrueba;
let admin: UsuarioConSesion;
let impuestoId: number;
let proveedorId: number;
const hoy = hoyNegocio();

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ({ superAdmin: admin } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  impuestoId = (await crearImpuesto(entorno.db, { porcentaje_impuesto: 0 })).id;
  proveedorId = (await crearProveedor(entorno.db)).id;
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'CAR', numero_hasta: 10_000_000 });
  // A credit bill is an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito").
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'CARF', numero_hasta: 10_000_000 });
});

const llamar = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  entorno.app.inject({ method, url, headers: headers(admin.token, tienda.codigo_tienda), ...(payload ? { payload } : {}) });

async function exigir200(respuesta: Awaited<ReturnType<typeof llamar>>): Promise<{ [campo: string]: unknown }> {
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data;
}

/** The message of a refusal, or null when the body is not the app's JSON error. */
function mensajeDe(cuerpo: string): string | null {
  try {
    const { message } = JSON.parse(cuerpo) as { message?: unknown };
    return typeof message === 'string' && message !== '' ? message : null;
  } catch {
    return null;
  }
}

/** A credit payment (POST /creditos/abonos) toward one sale: part with the customer's advance, part in cash. */
const pagarCredito = (ventaId: number, anticipo: number, efectivo: number, observacion: string) =>
  llamar('POST', '/api/creditos/abonos', {
    venta_id: ventaId,
    fecha_abono: hoy,
    observacion_abono: observacion,
    valor_abono: anticipo + efectivo,
    lista_formas_pagadas_form: [
      { id_forma_pago: ANTICIPO, valor_pagado: anticipo },
      { id_forma_pago: EFECTIVO, valor_pagado: efectivo },
    ],
  });

/** What a round's writers act on. Which parts exist depends on what the pair needs. */
interface Escenario {
  terceroId: number;
  cuentaId: number;
  productoId: number;
  /** A credit sale of 200,000, billed, with a payment `pago` of 50,000: 30,000 of advance and 20,000 in cash. */
  ventaCredito?: number;
  /** The credit sale's one line (2 units): a partial return gives one back. */
  lineaCredito?: number;
  pago?: number;
  /** A cash sale of 50,000, billed with 10,000 of advance. */
  ventaContado?: number;
  /** A pending sale of 100,000, for a bill that spends 80,000 of advance. */
  ventaPendiente?: number;
  /** An advance of 20,000 not spent by the setup, for its annulment. */
  anticipo: number;
}

type Parte = 'ventaCredito' | 'ventaContado' | 'ventaPendiente';

interface Escritor {
  nombre: string;
  necesita: Parte[];
  ejecutar: (e: Escenario) => ReturnType<typeof llamar>;
}

/**
 * The money writers, each as the request a person sends. The amounts make the pairs collide: the setup leaves 90,000
 * of advance, which the bill (80,000) and the advance's annulment (20,000) cannot both take.
 */
const ESCRITORES: Escritor[] = [
  { nombre: 'anular venta a crédito', necesita: ['ventaCredito'], ejecutar: (e) => llamar('PUT', `/api/facturas/${e.ventaCredito}/anular`) },
  { nombre: 'anular pago de crédito', necesita: ['ventaCredito'], ejecutar: (e) => llamar('PUT', `/api/creditos/abonos/${e.pago}/anular`) },
  {
    nombre: 'pago de crédito con anticipo',
    necesita: ['ventaCredito'],
    ejecutar: (e) => pagarCredito(e.ventaCredito!, 10_000, 10_000, 'Carrera'),
  },
  { nombre: 'pago a la cuenta', necesita: ['ventaCredito'], ejecutar: (e) => llamar('PUT', '/api/cuentas-credito/pago', { cuenta_credito_id: e.cuentaId, valor_pago: 50_000 }) },
  { nombre: 'eliminar crédito', necesita: ['ventaCredito'], ejecutar: (e) => llamar('PUT', `/api/creditos/${e.cuentaId}/eliminar`, { motivo: 'Castigo de cartera' }) },
  {
    nombre: 'registrar anticipo',
    necesita: [],
    ejecutar: (e) => llamar('POST', '/api/anticipos/guardar', { cliente_id: e.terceroId, fecha_anticipo: hoy, valor_anticipo: 40_000, observacion_anticipo: 'Carrera' }),
  },
  { nombre: 'anular anticipo', necesita: [], ejecutar: (e) => llamar('PUT', `/api/anticipos/movimientos/${e.anticipo}/anular`) },
  {
    nombre: 'facturar con anticipo',
    necesita: ['ventaPendiente'],
    ejecutar: (e) =>
      llamar(
        'POST',
        `/api/facturas/${e.ventaPendiente}/forma-pago`,
        cuerpoFacturar([
          { id_forma_pago: ANTICIPO, valor_pagado: 80_000 },
          { id_forma_pago: EFECTIVO, valor_pagado: 20_000 },
        ]),
      ),
  },
  { nombre: 'anular venta de contado con anticipo', necesita: ['ventaContado'], ejecutar: (e) => llamar('PUT', `/api/facturas/${e.ventaContado}/anular`) },
  // What the credit no longer owes goes to the saldo a favor (docs/decisions-factura-electronica.md, "Devolución parcial").
  {
    nombre: 'devolver un tablero de la venta a crédito',
    necesita: ['ventaCredito'],
    ejecutar: (e) => llamar('POST', `/api/facturas/${e.ventaCredito}/devoluciones`, { motivo: 'Carrera', lineas: [{ venta_detalle_id: e.lineaCredito, cantidad: 1 }] }),
  },
];

/** A pending sale of the customer: `unidades` units of the product at `precio`. */
async function venta(terceroId: number, productoId: number, unidades: number, precio: number) {
  return crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: terceroId,
    vendedor_id: admin.id,
    lineas: [{ producto_id: productoId, cantidad: unidades, precio_unitario: precio }],
  });
}

/** A fresh customer with a credit account, an advance balance of 90,000 left after the setup, and the sales asked for. */
async function prepararEscenario(productoId: number, partes: Set<Parte>): Promise<Escenario> {
  const terceroId = (await crearTercero(entorno.db)).id;
  const cuentaId = await crearCuentaCredito(entorno.db, { tercero_id: terceroId, total_cupo_permitido: 10_000_000 });
  const gastoPrevio = (partes.has('ventaCredito') ? 30_000 : 0) + (partes.has('ventaContado') ? 10_000 : 0);
  const anticipar = async (valor: number) =>
    (await exigir200(await llamar('POST', '/api/anticipos/guardar', { cliente_id: terceroId, fecha_anticipo: hoy, valor_anticipo: valor, observacion_anticipo: 'Preparación' })))
      .id as number;
  await anticipar(70_000 + gastoPrevio);
  const escenario: Escenario = { terceroId, cuentaId, productoId, anticipo: await anticipar(20_000) };
  if (partes.has('ventaCredito')) {
    const v = await venta(terceroId, productoId, 2, 100_000);
    await exigir200(await llamar('POST', `/api/facturas/${v.id}/forma-pago`, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: 200_000 }], { crear_venta_credito: true })));
    const pago = await exigir200(await pagarCredito(v.id, 30_000, 20_000, 'Preparación'));
    escenario.ventaCredito = v.id;
    escenario.lineaCredito = (await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', v.id).executeTakeFirstOrThrow()).id;
    escenario.pago = pago.movimiento_id as number;
  }
  if (partes.has('ventaContado')) {
    const v = await venta(terceroId, productoId, 1, 50_000);
    await exigir200(
      await llamar(
        'POST',
        `/api/facturas/${v.id}/forma-pago`,
        cuerpoFacturar([
          { id_forma_pago: ANTICIPO, valor_pagado: 10_000 },
          { id_forma_pago: EFECTIVO, valor_pagado: 40_000 },
        ]),
      ),
    );
    escenario.ventaContado = v.id;
  }
  if (partes.has('ventaPendiente')) escenario.ventaPendiente = (await venta(terceroId, productoId, 1, 100_000)).id;
  return escenario;
}

/**
 * Every way these customers' ledgers can be wrong, as one line each (empty when exact): the credit account's total
 * against its movements and its last running balance; a sale owing below zero; a payment or charge reversed twice; the
 * prepaid balance against its ledger, below zero, or a spend given back twice; an annulled sale that still holds
 * advance, credit or stock; the product's stock against its movements.
 */
async function diferenciasDeLibros(terceros: number[], productoId: number): Promise<string[]> {
  const lista = sql.join(terceros);
  const filas = await sql<{ diferencia: string }>`
    select 'cuenta ' || cc.id || ': total ' || cc.total_credito || ', movimientos ' || coalesce(s.suma, 0) || ', último saldo ' || coalesce(s.ultimo::text, '-') as diferencia
      from cuenta_credito cc
      left join lateral (
        select sum(case when m.tipo_movimiento_credito_id in (1, 3) then m.valor_movimiento else -m.valor_movimiento end) as suma,
               (select u.saldo_credito from cuenta_credito_movimiento u where u.cuenta_credito_id = cc.id order by u.id desc limit 1) as ultimo
          from cuenta_credito_movimiento m where m.cuenta_credito_id = cc.id
      ) s on true
     where cc.tercero_id in (${lista})
       and (cc.total_credito <> coalesce(s.suma, 0) or (s.ultimo is not null and s.ultimo <> cc.total_credito))
    union all
    select 'venta ' || m.venta_id || ' debe ' || sum(case when m.tipo_movimiento_credito_id in (1, 3) then m.valor_movimiento else -m.valor_movimiento end)
      from cuenta_credito_movimiento m join cuenta_credito cc on cc.id = m.cuenta_credito_id
     where cc.tercero_id in (${lista})
     group by m.venta_id
    having sum(case when m.tipo_movimiento_credito_id in (1, 3) then m.valor_movimiento else -m.valor_movimiento end) < 0
    union all
    select 'movimiento de crédito ' || m.movimiento_origen_id || ' reversado ' || count(*) || ' veces (tipo ' || m.tipo_movimiento_credito_id || ')'
      from cuenta_credito_movimiento m join cuenta_credito cc on cc.id = m.cuenta_credito_id
     where cc.tercero_id in (${lista}) and m.tipo_movimiento_credito_id in (3, 4)
     group by m.movimiento_origen_id, m.tipo_movimiento_credito_id having count(*) > 1
    union all
    select 'tercero ' || t.id || ': saldo de anticipos ' || t.saldo_abono || ', movimientos ' || coalesce(sum(a.valor_abono), 0)
      from tercero t left join abono_tercero a on a.tercero_id = t.id
     where t.id in (${lista})
     group by t.id, t.saldo_abono
    having t.saldo_abono <> coalesce(sum(a.valor_abono), 0) or t.saldo_abono < 0
    union all
    select 'movimiento de anticipo ' || a.movimiento_origen_id || ' reversado ' || count(*) || ' veces'
      from abono_tercero a
     where a.tercero_id in (${lista}) and a.movimiento_origen_id is not null
     group by a.movimiento_origen_id having count(*) > 1
    union all
    select 'venta anulada ' || v.id || ' conserva ' || coalesce((select sum(a.valor_abono) from abono_tercero a where a.venta_id = v.id), 0) || ' de anticipo'
      from venta v
     where v.cliente_id in (${lista}) and v.estado_venta_id = 3
       and coalesce((select sum(a.valor_abono) from abono_tercero a where a.venta_id = v.id), 0) <> 0
    union all
    select 'venta anulada ' || v.id || ' aún debe ' || sum(case when m.tipo_movimiento_credito_id in (1, 3) then m.valor_movimiento else -m.valor_movimiento end)
      from venta v join cuenta_credito_movimiento m on m.venta_id = v.id
     where v.cliente_id in (${lista}) and v.estado_venta_id = 3
     group by v.id
    having sum(case when m.tipo_movimiento_credito_id in (1, 3) then m.valor_movimiento else -m.valor_movimiento end) <> 0
    union all
    select 'venta ' || v.id || ' (estado ' || v.estado_venta_id || ') movió ' || coalesce(sum(im.cantidad), 0) || ' unidades de stock'
      from venta v left join inventario_movimiento im on im.documento = 'Venta No. ' || v.id and im.codigo_tienda = v.codigo_tienda
     where v.cliente_id in (${lista}) and v.estado_venta_id in (1, 3)
     group by v.id, v.estado_venta_id having coalesce(sum(im.cantidad), 0) <> 0
    union all
    select 'stock ' || i.producto_id || ': ' || i.cantidad || ', movimientos ' || (${STOCK_INICIAL} + coalesce(sum(im.cantidad), 0))
      from inventario i left join inventario_movimiento im on im.producto_id = i.producto_id and im.codigo_tienda = i.codigo_tienda
     where i.producto_id = ${productoId} and i.codigo_tienda = ${tienda.codigo_tienda}
     group by i.producto_id, i.cantidad having i.cantidad <> ${STOCK_INICIAL} + coalesce(sum(im.cantidad), 0)
  `.execute(entorno.db);
  return filas.rows.map((f) => f.diferencia);
}

describe('money writers raced in pairs on one customer and one sale', () => {
  it('answers no 5xx and leaves every ledger exact, for every pair of writers', async () => {
    const pares: [Escritor, Escritor][] = ESCRITORES.flatMap((a, i) => ESCRITORES.slice(i).map((b): [Escritor, Escritor] => [a, b]));
    const porEstado = new Map<number, number>();
    const fallas: string[] = [];
    const diferencias: string[] = [];
    const inicio = Date.now();
    for (const [a, b] of pares) {
      const par = `${a.nombre} × ${b.nombre}`;
      const partes = new Set([...a.necesita, ...b.necesita]);
      // One product per pair: its rounds' bills and annulments queue on the same stock row.
      const productoId = (
        await crearProducto(entorno.db, {
          impuesto_id: impuestoId,
          proveedor_id: proveedorId,
          tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: STOCK_INICIAL, precio_unitario: 100_000 }],
        })
      ).id;
      const terceros: number[] = [];
      for (let ronda = 0; ronda < RONDAS; ronda += LOTE) {
        const escenarios = await Promise.all(Array.from({ length: Math.min(LOTE, RONDAS - ronda) }, () => prepararEscenario(productoId, partes)));
        terceros.push(...escenarios.map((e) => e.terceroId));
        const respuestas = await Promise.all(escenarios.flatMap((e) => [a.ejecutar(e), b.ejecutar(e)]));
        respuestas.forEach((respuesta, n) => {
          const escritor = n % 2 === 0 ? a : b;
          porEstado.set(respuesta.statusCode, (porEstado.get(respuesta.statusCode) ?? 0) + 1);
          const mensaje = respuesta.statusCode === 200 ? 'ok' : mensajeDe(respuesta.body);
          // A refusal is a 409 or 422 with its Spanish message; anything else is a failure of the pair.
          if (![200, 409, 422].includes(respuesta.statusCode) || mensaje === null) {
            fallas.push(`${par}: ${escritor.nombre} respondió ${respuesta.statusCode} ${respuesta.body.slice(0, 200)}`);
          }
        });
      }
      diferencias.push(...(await diferenciasDeLibros(terceros, productoId)).map((d) => `${par}: ${d}`));
    }
    const estados = [...porEstado.entries()].sort(([x], [y]) => x - y).map(([estado, n]) => `${estado}: ${n}`);
    const quinientos = [...porEstado.entries()].filter(([estado]) => estado >= 500).reduce((suma, [, n]) => suma + n, 0);
    console.log(
      `[carreras de dinero] ${ESCRITORES.length} escritores, ${pares.length} pares × ${RONDAS} rondas = ${pares.length * RONDAS * 2} peticiones; ` +
        `respuestas ${estados.join(', ')}; 5xx: ${quinientos}; diferencias de libros: ${diferencias.length}; ${Math.round((Date.now() - inicio) / 1000)} s`,
    );
    expect(fallas).toEqual([]);
    expect(diferencias).toEqual([]);
    // The pairs collide for real: some writers were refused and some won.
    expect(porEstado.get(200)).toBeGreaterThan(0);
    expect((porEstado.get(409) ?? 0) + (porEstado.get(422) ?? 0)).toBeGreaterThan(0);
  }, 240_000);
});
