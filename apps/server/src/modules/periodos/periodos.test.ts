// The period lock (docs/decisions-periodos.md): a closed month refuses every write dated in it, through the real
// routes, with nothing written; other stores' months, open months and today stay writable; reopening lets the writes
// through again; closings and writes racing never deadlock and never let a write slip past a closing.
import { pagoCreditoSchema, ERRORES, hoyNegocio, nombreMes, sumarMeses } from '@tablero/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearPeriodoCerrado,
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
import type { Db } from '../../db/database';
import { actorSistema, enTransaccion, reintentosTransaccion, type Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as cuentasCreditoService from '../cuentas-credito';
import * as periodosService from './periodos.service';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let actor: Actor;
let tablero: { id: number };
let ventaSiguiente = 900_000;

const hoy = hoyNegocio();
/** Months that have ended: the last one (closed in the tests), the one before (left open), and one for the race. */
const MES = sumarMeses(hoy, -1).slice(0, 7);
const MES_ABIERTO = sumarMeses(hoy, -2).slice(0, 7);
const MES_CARRERA = sumarMeses(hoy, -3).slice(0, 7);
const anioMes = (mes: string) => ({ anio: Number(mes.slice(0, 4)), mes: Number(mes.slice(5, 7)) });
/** The last minutes of MES in Bogotá: already the next month in UTC. */
const ULTIMA_MEDIA_HORA_DE_MES = new Date(`${hoy.slice(0, 7)}-01T04:30:00Z`);

const mensajeCerrado = (mes: string, codigo: string) => `El mes ${mes} de la tienda ${codigo} está cerrado: no admite movimientos con esa fecha`;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  actor = { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id, role: 'SuperAdministrador' };
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  tablero = await crearProducto(db, {
    impuesto_id: exento.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 1000, precio_unitario: 100_000 }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM', numero_desde: 1, numero_hasta: 100_000 });
});

const llamar = (method: 'POST' | 'PUT', url: string, payload?: object, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, headers: headers(superAdmin.token, codigoTienda), ...(payload ? { payload } : {}) });
const efectivo = (valor: number) => ({ id_forma_pago: 1, nombre_forma_pago: 'Efectivo', valor_pagado: valor });
const pagoCredito = (ventaId: number, fecha: string, valor: number) => ({
  venta_id: ventaId,
  fecha_abono: fecha,
  observacion_abono: 'Abono de prueba',
  valor_abono: valor,
  lista_formas_pagadas_form: [efectivo(valor)],
});
const anticipo = (clienteId: number, fecha: string) => ({ cliente_id: clienteId, fecha_anticipo: fecha, valor_anticipo: 50_000, observacion_anticipo: 'Anticipo de prueba' });

/** A pending sale of one board (100,000 in cash), billed through the route. Answers its id. */
async function ventaFacturada(): Promise<number> {
  const cliente = await crearTercero(entorno.db);
  const venta = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: superAdmin.id,
    lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 100_000 }],
  });
  const respuesta = await llamar('POST', `/api/facturas/${venta.id}/forma-pago`, cuerpoFacturar([efectivo(100_000)]));
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return venta.id;
}

interface Escenario {
  clienteId: number;
  /** Two credit sales charged on the 1st of the month: the first has a payment, the second takes new ones. */
  ventasCredito: [number, number];
  pagoId: number;
  anticipoId: number;
  ventaId: number;
}

/**
 * What the dated writes of one month act on, written while that month is open: a credit customer with two charges,
 * a payment dated in the month, an advance dated in the month, and a sale billed in it (`facturadaEn`).
 */
async function escenario(mes: string, facturadaEn: Date): Promise<Escenario> {
  const cliente = await crearTercero(entorno.db);
  await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
  const ventasCredito: [number, number] = [++ventaSiguiente, ++ventaSiguiente];
  await entorno.db.transaction().execute(async (trx) => {
    for (const ventaId of ventasCredito) await cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId, valor: 200_000, fecha: `${mes}-01` }, actor);
  });
  const pago = await llamar('POST', '/api/creditos/abonos', pagoCredito(ventasCredito[0], `${mes}-15`, 30_000));
  expect(pago.statusCode, pago.body).toBe(200);
  const adelanto = await llamar('POST', '/api/anticipos/guardar', anticipo(cliente.id, `${mes}-15`));
  expect(adelanto.statusCode, adelanto.body).toBe(200);
  const ventaId = await ventaFacturada();
  await entorno.db.updateTable('venta').set({ fecha_factura: facturadaEn }).where('id', '=', ventaId).execute();
  return { clienteId: cliente.id, ventasCredito, pagoId: pago.json().data.movimiento_id, anticipoId: adelanto.json().data.id, ventaId };
}

/** Each kind of write that carries a date of `mes` (its own, or the document's it annuls), through its route. */
function escrituras(e: Escenario, mes: string) {
  return [
    { nombre: 'a credit payment dated in the month', hacer: () => llamar('POST', '/api/creditos/abonos', pagoCredito(e.ventasCredito[1], `${mes}-20`, 5_000)) },
    { nombre: 'annulling a credit payment dated in the month', hacer: () => llamar('PUT', `/api/creditos/abonos/${e.pagoId}/anular`) },
    { nombre: 'an advance dated in the month', hacer: () => llamar('POST', '/api/anticipos/guardar', anticipo(e.clienteId, `${mes}-20`)) },
    { nombre: 'annulling an advance dated in the month', hacer: () => llamar('PUT', `/api/anticipos/movimientos/${e.anticipoId}/anular`) },
    { nombre: 'annulling a sale billed in the month', hacer: () => llamar('PUT', `/api/facturas/${e.ventaId}/anular`) },
  ];
}

/** Row counts and balances of every table those writes touch: a refused write changes none. */
async function foto() {
  const { db } = entorno;
  const contar = async (tabla: 'cuenta_credito_movimiento' | 'cuenta_credito_movimiento_forma_pago' | 'abono_tercero' | 'inventario_movimiento' | 'venta_estado_historial') =>
    Number((await db.selectFrom(tabla).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    movimientosCredito: await contar('cuenta_credito_movimiento'),
    formasCredito: await contar('cuenta_credito_movimiento_forma_pago'),
    movimientosAbono: await contar('abono_tercero'),
    movimientosInventario: await contar('inventario_movimiento'),
    historialVentas: await contar('venta_estado_historial'),
    totalCredito: (await db.selectFrom('cuenta_credito').select(sql<string>`coalesce(sum(total_credito), 0)::text`.as('s')).executeTakeFirstOrThrow()).s,
    saldoAbono: (await db.selectFrom('tercero').select(sql<string>`coalesce(sum(saldo_abono), 0)::text`.as('s')).executeTakeFirstOrThrow()).s,
    stock: (await db.selectFrom('inventario').select(sql<string>`coalesce(sum(cantidad), 0)::text`.as('s')).executeTakeFirstOrThrow()).s,
    ventas: await db.selectFrom('venta').select(['id', 'estado_venta_id', 'anulador_id']).orderBy('id').execute(),
  };
}

const cerrar = (codigoTienda: string, mes: string, resumen: unknown = { total: 1 }) =>
  enTransaccion(entorno.db, (trx) => periodosService.registrarCierre(trx, { codigo_tienda: codigoTienda, ...anioMes(mes), resumen }, { ...actor, codigoTienda }));
const reabrir = (codigoTienda: string, mes: string, motivo: string) =>
  enTransaccion(entorno.db, (trx) => periodosService.registrarReapertura(trx, { codigo_tienda: codigoTienda, ...anioMes(mes), motivo }, { ...actor, codigoTienda }));

// ---------------------------------------------------------------------------------------------------- dated writes

describe('a closed month and the dated writes', () => {
  let otraTienda: Escenario;
  let cerrado: Escenario;
  let abierto: Escenario;

  beforeAll(async () => {
    otraTienda = await escenario(MES, new Date(`${MES}-15T17:00:00Z`));
    // Billed at 23:30 of the month's last day in Bogotá (04:30 UTC of the next month): it belongs to MES.
    cerrado = await escenario(MES, ULTIMA_MEDIA_HORA_DE_MES);
    abierto = await escenario(MES_ABIERTO, new Date(`${MES_ABIERTO}-15T17:00:00Z`));
  });

  it('lets every write through while only another store has the month closed', async () => {
    await cerrar(ajena.codigo_tienda, MES);
    for (const escritura of escrituras(otraTienda, MES)) {
      const respuesta = await escritura.hacer();
      expect(respuesta.statusCode, `${escritura.nombre}: ${respuesta.body}`).toBe(200);
    }
  });

  it('refuses each dated write with 409 PERIODO_CERRADO naming the month and the store, and writes nothing', async () => {
    const periodo = await cerrar(tienda.codigo_tienda, MES, { ventas_total: 123_456.78 });
    expect(periodo).toMatchObject({ codigo_tienda: tienda.codigo_tienda, ...anioMes(MES), cerrado: true, resumen: { ventas_total: 123_456.78 } });
    for (const escritura of escrituras(cerrado, MES)) {
      const antes = await foto();
      const respuesta = await escritura.hacer();
      expect(respuesta.statusCode, `${escritura.nombre}: ${respuesta.body}`).toBe(409);
      expect(respuesta.json(), escritura.nombre).toEqual({ code: 'PERIODO_CERRADO', message: mensajeCerrado(MES, tienda.codigo_tienda), request_id: expect.any(String) });
      expect(await foto(), escritura.nombre).toEqual(antes);
    }
  });

  it('lets through, while the month is closed, the same writes in an open month and the writes dated today', async () => {
    for (const escritura of escrituras(abierto, MES_ABIERTO)) {
      const respuesta = await escritura.hacer();
      expect(respuesta.statusCode, `${escritura.nombre}: ${respuesta.body}`).toBe(200);
    }
    // Today: a credit payment on a sale charged in the closed month, an advance, a bill (stock out), a stock entry.
    expect((await llamar('POST', '/api/creditos/abonos', pagoCredito(cerrado.ventasCredito[1], hoy, 1_000))).statusCode).toBe(200);
    expect((await llamar('POST', '/api/anticipos/guardar', anticipo(cerrado.clienteId, hoy))).statusCode).toBe(200);
    await ventaFacturada();
    const entrada = await llamar('PUT', '/api/inventarios/actualizar', { producto_id: tablero.id, cantidad_inventario: 5, costo_unitario: 50_000, precio_unitario: 100_000 });
    expect(entrada.statusCode, entrada.body).toBe(200);
  });

  it('lets the refused writes through once the month is reopened, and keeps the history', async () => {
    const periodo = await reabrir(tienda.codigo_tienda, MES, 'Faltó registrar un abono');
    expect(periodo).toMatchObject({ cerrado: false, resumen: null, fecha_cierre: null, usuario_cierre: null });
    expect(periodo.historial).toEqual([
      { accion: 'cierre', fecha: expect.any(String), usuario_id: superAdmin.id, usuario: superAdmin.name, motivo: null },
      { accion: 'reapertura', fecha: expect.any(String), usuario_id: superAdmin.id, usuario: superAdmin.name, motivo: 'Faltó registrar un abono' },
    ]);
    for (const escritura of escrituras(cerrado, MES)) {
      const respuesta = await escritura.hacer();
      expect(respuesta.statusCode, `${escritura.nombre}: ${respuesta.body}`).toBe(200);
    }
    // The other store's closing was never touched.
    expect((await periodosService.leerPeriodo(entorno.db, ajena.codigo_tienda, anioMes(MES).anio, anioMes(MES).mes)).cerrado).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------- closing and reopening

describe('registrarCierre and registrarReapertura', () => {
  const MES_VIEJO = sumarMeses(hoy, -5).slice(0, 7);

  it('closes a month that has ended once, keeps its summary as given, and refuses what does not apply', async () => {
    const resumen = { tarjetas: { ventas_total: 1_000_000.01, iva_total: 159_663.87 }, formas: [{ forma_pago_id: 1, valor_pagado: 5.5 }] };
    const periodo = await cerrar(tienda.codigo_tienda, MES_VIEJO, resumen);
    expect(periodo).toMatchObject({ cerrado: true, resumen, usuario_cierre_id: superAdmin.id, usuario_cierre: superAdmin.name });
    expect(Date.parse(periodo.fecha_cierre!)).toBeGreaterThan(Date.now() - 60_000);
    await expect(cerrar(tienda.codigo_tienda, MES_VIEJO)).rejects.toMatchObject({ code: 'PERIODO_YA_CERRADO', message: ERRORES.PERIODO_YA_CERRADO.mensaje });
    // The summary stays as it was closed, whatever is written later.
    expect((await periodosService.leerPeriodo(entorno.db, tienda.codigo_tienda, ...(Object.values(anioMes(MES_VIEJO)) as [number, number]))).resumen).toEqual(resumen);
    // The current month and later ones cannot be closed; a month never closed cannot be reopened.
    const actual = hoy.slice(0, 7);
    await expect(cerrar(tienda.codigo_tienda, actual)).rejects.toMatchObject({ code: 'PERIODO_NO_CERRABLE' });
    await expect(cerrar(tienda.codigo_tienda, sumarMeses(hoy, 1).slice(0, 7))).rejects.toMatchObject({ code: 'PERIODO_NO_CERRABLE' });
    await expect(
      enTransaccion(entorno.db, (trx) => periodosService.bloquearPeriodoParaCierre(trx, tienda.codigo_tienda, anioMes(actual).anio, anioMes(actual).mes)),
    ).rejects.toMatchObject({ code: 'PERIODO_NO_CERRABLE' });
    await expect(reabrir(tienda.codigo_tienda, sumarMeses(hoy, -7).slice(0, 7), 'Sin cierre')).rejects.toMatchObject({ code: 'PERIODO_NO_CERRADO' });
    await expect(reabrir(tienda.codigo_tienda, actual, 'Sin cierre')).rejects.toMatchObject({ code: 'PERIODO_NO_CERRADO' });
    // Nothing of those refusals was written.
    const eventos = await entorno.db.selectFrom('periodo_evento').select('accion').where('codigo_tienda', '=', tienda.codigo_tienda).where('anio', '=', anioMes(MES_VIEJO).anio).where('mes', '=', anioMes(MES_VIEJO).mes).execute();
    expect(eventos).toEqual([{ accion: 'cierre' }]);
  });

  it('closes again after a reopening, with the new summary, and the history lists every step in order', async () => {
    await reabrir(tienda.codigo_tienda, MES_VIEJO, 'Corrección de un egreso');
    await expect(reabrir(tienda.codigo_tienda, MES_VIEJO, 'Otra vez')).rejects.toMatchObject({ code: 'PERIODO_NO_CERRADO' });
    const periodo = await cerrar(tienda.codigo_tienda, MES_VIEJO, { version: 2 });
    expect(periodo.resumen).toEqual({ version: 2 });
    expect(periodo.historial.map((e) => [e.accion, e.motivo])).toEqual([
      ['cierre', null],
      ['reapertura', 'Corrección de un egreso'],
      ['cierre', null],
    ]);
  });

  it('reads a month never closed as open, with no history', async () => {
    expect(await periodosService.leerPeriodo(entorno.db, tienda.codigo_tienda, 2001, '03')).toEqual({
      codigo_tienda: tienda.codigo_tienda,
      anio: 2001,
      mes: 3,
      cerrado: false,
      fecha_cierre: null,
      usuario_cierre_id: null,
      usuario_cierre: null,
      resumen: null,
      historial: [],
    });
  });
});

// ---------------------------------------------------------------------------------------------------- dates

describe('exigirPeriodosAbiertos and its dates', () => {
  let tiendaFechas: TiendaPrueba;

  beforeAll(async () => {
    tiendaFechas = await crearTienda(entorno.db);
    await crearPeriodoCerrado(entorno.db, { codigo_tienda: tiendaFechas.codigo_tienda, anio: 2025, mes: 2 });
  });

  const exigir = (fechas: (string | Date)[], codigo = tiendaFechas.codigo_tienda) =>
    enTransaccion(entorno.db, (trx) => periodosService.exigirPeriodosAbiertos(trx, codigo, fechas));

  it('takes a timestamp as its calendar day in Bogotá, not in UTC', () => {
    expect(periodosService.fechaDelPeriodo(new Date('2025-03-01T04:59:59.999Z'))).toBe('2025-02-28');
    expect(periodosService.fechaDelPeriodo(new Date('2025-03-01T05:00:00Z'))).toBe('2025-03-01');
    expect(periodosService.fechaDelPeriodo(new Date('2025-02-01T04:00:00Z'))).toBe('2025-01-31');
    expect(periodosService.fechaDelPeriodo('2025-02-28')).toBe('2025-02-28');
    // Only calendar dates are taken as text: a timestamp string would be cut at the wrong day.
    expect(() => periodosService.fechaDelPeriodo('2025-03-01T02:00:00Z')).toThrow();
    expect(() => periodosService.fechaDelPeriodo('2025-02-30')).toThrow();
    expect(() => periodosService.fechaDelPeriodo(new Date('no es fecha'))).toThrow();
  });

  it('refuses a date of the closed month, and a timestamp of its last night in Bogotá, naming the month and the store', async () => {
    const rechazo = { code: 'PERIODO_CERRADO', status: 409, message: mensajeCerrado('2025-02', tiendaFechas.codigo_tienda) };
    await expect(exigir(['2025-02-01'])).rejects.toMatchObject(rechazo);
    await expect(exigir(['2025-02-28'])).rejects.toMatchObject(rechazo);
    await expect(exigir([new Date('2025-03-01T04:30:00Z')])).rejects.toMatchObject(rechazo);
    await expect(exigir([new Date('2025-02-01T05:00:00Z')])).rejects.toMatchObject(rechazo);
    // One closed date among open ones is enough.
    await expect(exigir(['2025-04-10', new Date('2025-01-15T12:00:00Z'), '2025-02-14'])).rejects.toBeInstanceOf(AppError);
  });

  it('lets through the days around it, the same month of another store, and no dates at all', async () => {
    await expect(exigir(['2025-01-31', '2025-03-01'])).resolves.toBeUndefined();
    await expect(exigir([new Date('2025-03-01T05:00:00Z'), new Date('2025-02-01T04:59:59Z')])).resolves.toBeUndefined();
    await expect(exigir(['2025-02-15'], tienda.codigo_tienda)).resolves.toBeUndefined();
    await expect(exigir([])).resolves.toBeUndefined();
  });

  it('checks every store of a write that touches several', async () => {
    const varias = (fechas: periodosService.FechaDeTienda[]) => enTransaccion(entorno.db, (trx) => periodosService.exigirPeriodosAbiertosVarios(trx, fechas));
    await expect(
      varias([
        { codigo_tienda: tienda.codigo_tienda, fecha: new Date() },
        { codigo_tienda: tiendaFechas.codigo_tienda, fecha: '2025-02-10' },
      ]),
    ).rejects.toMatchObject({ message: mensajeCerrado('2025-02', tiendaFechas.codigo_tienda) });
    await expect(
      varias([
        { codigo_tienda: tiendaFechas.codigo_tienda, fecha: '2025-03-10' },
        { codigo_tienda: tienda.codigo_tienda, fecha: '2025-02-10' },
      ]),
    ).resolves.toBeUndefined();
  });

  it('makes a closing wait for the writes under way, and a write wait for a closing under way', async () => {
    const codigo = tiendaFechas.codigo_tienda;
    const { anio, mes } = anioMes('2024-11');
    let soltarEscritura!: () => void;
    const escrituraPuedeTerminar = new Promise<void>((r) => (soltarEscritura = r));
    let escrituraVerificada!: () => void;
    const escrituraDentro = new Promise<void>((r) => (escrituraVerificada = r));
    const escritura = entorno.db.transaction().execute(async (trx) => {
      await periodosService.exigirPeriodosAbiertos(trx, codigo, ['2024-11-20']);
      escrituraVerificada();
      await escrituraPuedeTerminar;
    });
    await escrituraDentro;
    let cierreTerminado = false;
    const cierre = cerrar(codigo, '2024-11').then(() => (cierreTerminado = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(cierreTerminado).toBe(false);
    soltarEscritura();
    await escritura;
    await cierre;
    expect(cierreTerminado).toBe(true);

    // Now the other way: a reopening holds the exclusive lock; a write dated in the month waits and then passes.
    let soltarReapertura!: () => void;
    const reaperturaPuedeTerminar = new Promise<void>((r) => (soltarReapertura = r));
    let reaperturaVerificada!: () => void;
    const reaperturaDentro = new Promise<void>((r) => (reaperturaVerificada = r));
    const reapertura = entorno.db.transaction().execute(async (trx) => {
      await periodosService.registrarReapertura(trx, { codigo_tienda: codigo, anio, mes, motivo: 'Prueba de espera' }, actor);
      reaperturaVerificada();
      await reaperturaPuedeTerminar;
    });
    await reaperturaDentro;
    let escrituraTerminada = false;
    const otraEscritura = exigir(['2024-11-21']).then(() => (escrituraTerminada = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(escrituraTerminada).toBe(false);
    soltarReapertura();
    await reapertura;
    await otraEscritura;
    expect(escrituraTerminada).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------- race

describe('closing a month while writes dated in it run', () => {
  it('never deadlocks, and every payment either committed before the closing counted it or was refused', async () => {
    const { anio, mes } = anioMes(MES_CARRERA);
    const ventas: number[] = [];
    for (let n = 0; n < 5; n++) {
      const cliente = await crearTercero(entorno.db);
      await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
      const ventaId = ++ventaSiguiente;
      ventas.push(ventaId);
      await entorno.db.transaction().execute((trx) => cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId, valor: 1_000_000, fecha: `${MES_CARRERA}-01` }, actor));
    }
    const pagosDelMes = async (db: Db) =>
      Number(
        (
          await db
            .selectFrom('cuenta_credito_movimiento')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('codigo_tienda', '=', tienda.codigo_tienda)
            .where('tipo_movimiento_credito_id', '=', 2)
            .where('fecha_movimiento', '>=', `${MES_CARRERA}-01`)
            .where('fecha_movimiento', '<', `${sumarMeses(`${MES_CARRERA}-01`, 1)}`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pagar = (n: number) =>
      enTransaccion(entorno.db, (trx) =>
        cuentasCreditoService.registrarPagoCredito(trx, pagoCreditoSchema.parse(pagoCredito(ventas[n % ventas.length]!, `${MES_CARRERA}-${String(10 + (n % 15)).padStart(2, '0')}`, 1_000)), actor),
      );
    const deadlocksAntes = reintentosTransaccion['40P01'] ?? 0;

    const primeros = Array.from({ length: 10 }, (_, n) => pagar(n));
    // The closing counts the month's payments under its lock: the summary a real closing would keep.
    const cierre = enTransaccion(entorno.db, async (trx) => {
      await periodosService.bloquearPeriodoParaCierre(trx, tienda.codigo_tienda, anio, mes);
      const pagos = await pagosDelMes(trx);
      return periodosService.registrarCierre(trx, { codigo_tienda: tienda.codigo_tienda, anio, mes, resumen: { pagos } }, actor);
    });
    const ultimos = Array.from({ length: 10 }, (_, n) => pagar(10 + n));
    const resultados = await Promise.allSettled([...primeros, ...ultimos]);
    const periodo = await cierre;

    const hechos = resultados.filter((r) => r.status === 'fulfilled').length;
    const rechazos = resultados.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const rechazo of rechazos) {
      expect(rechazo.reason).toMatchObject({ code: 'PERIODO_CERRADO', message: mensajeCerrado(nombreMes(anio, mes), tienda.codigo_tienda) });
    }
    expect(hechos + rechazos.length).toBe(20);
    // Nothing committed after the closing counted: what is in the month is exactly what its summary says.
    expect(await pagosDelMes(entorno.db)).toBe(hechos);
    expect(periodo.resumen).toEqual({ pagos: hechos });
    expect(reintentosTransaccion['40P01'] ?? 0).toBe(deadlocksAntes);
    console.log(`Carrera de cierre: ${hechos} abonos antes del cierre, ${rechazos.length} rechazados, sin deadlocks`);
  });
});
