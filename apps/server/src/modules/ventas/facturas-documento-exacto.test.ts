import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ESTADO_FILTRO_TODOS, type FacturaLista } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTercero, crearTienda, crearUsuariosPorRol, crearVenta, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
import { crearDb, urlDeDb } from '../../db/database';
import { paginaConPie } from './facturas.repository';

// Facturación: a one-word search that is exactly a sale's document lists those sales first (docs/decisions.md,
// "Un documento exacto primero"); the footer and the count stay those of the filtered set.

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let vendedor: UsuarioConSesion;
let cliente: { id: number };
const rangos: Record<string, number> = {};

/** An instant given as Bogotá's wall-clock time (the business's zone has no daylight saving). */
const bogota = (fecha: string, hora = '12:00') => new Date(`${fecha}T${hora}:00-05:00`);

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  vendedor = (await crearUsuariosPorRol(app, db, tienda.codigo_tienda)).porRol.Vendedor;
  // No digit in the customer's document or names: a word of digits finds the test's sales by their own numbers only.
  cliente = await crearTercero(db, { nombres: 'Ana', apellidos: 'Exacta', numero_documento: 'PASAPORTE' });
});

/** The store's REMISION range of `prefijo` (one per prefix and store; each test numbers with prefixes of its own). */
async function rango(codigoTienda: string, prefijo: string): Promise<number> {
  const clave = `${codigoTienda}${prefijo}`;
  const existente = rangos[clave];
  if (existente !== undefined) return existente;
  const { id } = await entorno.db
    .insertInto('rango_numeracion')
    // Inactive: one range per store and type may be active, and these only name the test's numbers.
    .values({ codigo_tienda: codigoTienda, tipo_documento: 'REMISION', prefijo, numero_desde: 1, numero_hasta: 100_000, siguiente_numero: 1, activo: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  rangos[clave] = id;
  return id;
}

/** A sale straight in the tables at `fecha`; billed with `prefijo` and `nro` when given (as the billing use case writes it). */
async function venta(fecha: Date, factura?: { prefijo: string; nro: number; codigoTienda?: string }, datos: { cliente?: { id: number }; estado?: number } = {}): Promise<number> {
  const codigoTienda = factura?.codigoTienda ?? tienda.codigo_tienda;
  const { id } = await crearVenta(entorno.db, {
    codigo_tienda: codigoTienda,
    cliente_id: (datos.cliente ?? cliente).id,
    vendedor_id: vendedor.id,
    estado_venta_id: datos.estado ?? (factura ? 2 : 1),
    fecha_venta: fecha,
  });
  if (factura) {
    await entorno.db
      .updateTable('venta')
      .set({
        total_subtotal_venta: 10_000,
        total_impuestos_venta: 1_900,
        total_venta: 11_900,
        tipo_documento: 'REMISION',
        rango_numeracion_id: await rango(codigoTienda, factura.prefijo),
        prefijo_factura_dian: factura.prefijo,
        nro_factura_dian: factura.nro,
        fecha_factura: fecha,
        facturador_id: vendedor.id,
        modo_factura: 'C',
      })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/** The list's answer for these filters: the page's ids, its total and the footer's count. */
async function lista(filtros: { dia: string; hasta?: string; estado?: number; termino: string }, pagina = { page: 1, per_page: 100 }) {
  const respuesta = await entorno.app.inject({
    method: 'POST',
    url: `/api/facturas?page=${pagina.page}&per_page=${pagina.per_page}`,
    headers: headers(vendedor.token, tienda.codigo_tienda),
    payload: { fecha_inicial: filtros.dia, fecha_final: filtros.hasta ?? filtros.dia, estado_venta_id: filtros.estado ?? 2, query_params: filtros.termino },
  });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  const { ventas, totales } = respuesta.json().data;
  return { ids: ventas.data.map((fila: FacturaLista) => fila.id) as number[], total: Number(ventas.total), pie: totales.ventas as number, totalVenta: totales.total_venta as number };
}

describe('POST /api/facturas with a word that is exactly a document', () => {
  it("lists the invoice 'FE1' first, then FE10 to FE19 newest first, whatever the case or the dash, and pages without repeating it", async () => {
    const dia = '2025-03-04';
    const fe1 = await venta(bogota(dia, '07:00'), { prefijo: 'FE', nro: 1 });
    // FE10..FE19, each newer than FE1: the usual order would list FE1 last.
    const nuevas: number[] = [];
    for (let n = 10; n <= 19; n++) nuevas.push(await venta(bogota(dia, `08:${String(n).padStart(2, '0')}`), { prefijo: 'FE', nro: n }));
    const recientes = [...nuevas].reverse();
    // The same document in another store, and a sale of the day without it: neither is in the list.
    await venta(bogota(dia, '09:00'), { prefijo: 'FE', nro: 1, codigoTienda: ajena.codigo_tienda });
    await venta(bogota(dia, '09:30'), { prefijo: 'FE', nro: 2 });

    // The first page is a prepared statement: the same answer on every call, past its sixth (its generic plan).
    for (let vez = 0; vez < 7; vez++) {
      for (const termino of ['FE1', 'fe-1', 'Fe1', 'FE-1']) {
        const respuesta = await lista({ dia, termino });
        expect(respuesta.ids, termino).toEqual([fe1, ...recientes]);
        expect(respuesta, termino).toMatchObject({ total: 11, pie: 11, totalVenta: 11 * 11_900 });
      }
    }
    // Pages of 10: FE1 and the nine newest, then the oldest of the rest; the count and the footer stay the set's.
    const primera = await lista({ dia, termino: 'fe1' }, { page: 1, per_page: 10 });
    const segunda = await lista({ dia, termino: 'fe1' }, { page: 2, per_page: 10 });
    expect(primera.ids).toEqual([fe1, ...recientes.slice(0, 9)]);
    expect(segunda.ids).toEqual([nuevas[0]]);
    for (const pagina of [primera, segunda]) expect(pagina).toMatchObject({ total: 11, pie: 11, totalVenta: 11 * 11_900 });
    expect(new Set([...primera.ids, ...segunda.ids]).size).toBe(11);
    // A third page is empty and keeps the footer.
    expect(await lista({ dia, termino: 'fe1' }, { page: 3, per_page: 10 })).toMatchObject({ ids: [], total: 11, pie: 11 });
  });

  it("reads a prefix that ends in a digit: 'F210' is F2 10, first, before the newer F2100", async () => {
    const dia = '2025-03-05';
    const f210 = await venta(bogota(dia, '07:00'), { prefijo: 'F2', nro: 10 });
    const f2100 = await venta(bogota(dia, '08:00'), { prefijo: 'F2', nro: 100 });
    expect((await lista({ dia, termino: 'f210' })).ids).toEqual([f210, f2100]);
    expect((await lista({ dia, termino: 'F2-10' })).ids).toEqual([f210, f2100]);
    // With the word in the 'Todos' list too (its own statements).
    expect((await lista({ dia, estado: ESTADO_FILTRO_TODOS, termino: 'F210' })).ids).toEqual([f210, f2100]);
  });

  it('lists the sale whose number is the word first, before newer sales that hold its digits elsewhere', async () => {
    const dia = '2025-03-06';
    const buscada = await venta(bogota(dia, '07:00'));
    // Newer sales of a customer whose document starts with the sale's number: the usual order lists them first.
    const conLosDigitos = await crearTercero(entorno.db, { nombres: 'Luis', apellidos: 'Digitos', numero_documento: `${buscada}55` });
    const otras = [await venta(bogota(dia, '08:00'), undefined, { cliente: conLosDigitos }), await venta(bogota(dia, '09:00'), undefined, { cliente: conLosDigitos })];
    const termino = String(buscada);
    for (let vez = 0; vez < 7; vez++) {
      expect(await lista({ dia, estado: 1, termino })).toMatchObject({ ids: [buscada, otras[1], otras[0]], total: 3, pie: 3 });
    }
    expect(await lista({ dia, estado: ESTADO_FILTRO_TODOS, termino })).toMatchObject({ ids: [buscada, otras[1], otras[0]], total: 3 });
    // Pages of 10 over a later page: the sale is not repeated.
    expect(await lista({ dia, estado: 1, termino }, { page: 2, per_page: 10 })).toMatchObject({ ids: [], total: 3, pie: 3 });
  });

  it('never brings back an exact sale the filters exclude: another state, another range, another store', async () => {
    const dia = '2025-03-07';
    const fd1 = await venta(bogota(dia, '07:00'), { prefijo: 'FD', nro: 1 });
    const fd10 = await venta(bogota(dia, '08:00'), { prefijo: 'FD', nro: 10 });
    const fd11 = await venta(bogota('2025-03-08', '08:00'), { prefijo: 'FD', nro: 11 });
    const rango = { dia, hasta: '2025-03-08' };
    expect(await lista({ ...rango, termino: 'FD1' })).toMatchObject({ ids: [fd1, fd11, fd10], total: 3, pie: 3 });
    // A range without FD1's day: the usual order of what is left.
    expect(await lista({ dia: '2025-03-08', termino: 'FD1' })).toMatchObject({ ids: [fd11], total: 1, pie: 1 });
    // Annulled, FD1 leaves the billed list and is alone in the annulled one.
    await entorno.db.updateTable('venta').set({ estado_venta_id: 3 }).where('id', '=', fd1).execute();
    expect(await lista({ ...rango, termino: 'FD1' })).toMatchObject({ ids: [fd11, fd10], total: 2, pie: 2 });
    expect(await lista({ ...rango, estado: 3, termino: 'FD1' })).toMatchObject({ ids: [fd1], total: 1, pie: 1 });
    expect(await lista({ ...rango, estado: ESTADO_FILTRO_TODOS, termino: 'FD1' })).toMatchObject({ ids: [fd1, fd11, fd10], total: 3 });
    // An annulled quotation is never listed in 'Todos' nor in 'Anulado', however exact its document.
    await entorno.db.updateTable('venta').set({ fecha_validez: '2025-03-20' }).where('id', '=', fd1).execute();
    expect(await lista({ ...rango, estado: ESTADO_FILTRO_TODOS, termino: 'FD1' })).toMatchObject({ ids: [fd11, fd10], total: 2 });
    expect(await lista({ ...rango, estado: 3, termino: 'FD1' })).toMatchObject({ ids: [], total: 0 });
    // Moved to another store, it is that store's.
    await entorno.db.updateTable('venta').set({ fecha_validez: null, estado_venta_id: 2, codigo_tienda: ajena.codigo_tienda }).where('id', '=', fd1).execute();
    expect(await lista({ ...rango, termino: 'FD1' })).toMatchObject({ ids: [fd11, fd10], total: 2 });
  });

  it('keeps the usual order, newest first, for a word that is not exactly a document', async () => {
    const dia = '2025-03-10';
    const fc1 = await venta(bogota(dia, '07:00'), { prefijo: 'FC', nro: 1 });
    const fc12 = await venta(bogota(dia, '08:00'), { prefijo: 'FC', nro: 12 });
    const fc100 = await venta(bogota(dia, '09:00'), { prefijo: 'FC', nro: 100 });
    // The exact one moves…
    expect((await lista({ dia, termino: 'FC1' })).ids).toEqual([fc1, fc100, fc12]);
    // …and none of these is a document: a part of one, a number with a leading zero, two words.
    expect((await lista({ dia, termino: 'fc' })).ids).toEqual([fc100, fc12, fc1]);
    expect((await lista({ dia, termino: 'c1' })).ids).toEqual([fc100, fc12, fc1]);
    expect((await lista({ dia, termino: 'FC01' })).ids).toEqual([]);
    expect((await lista({ dia, termino: 'FC1 exacta' })).ids).toEqual([fc100, fc12, fc1]);
    expect((await lista({ dia, termino: 'FC10' })).ids).toEqual([fc100]);
  });

  it('runs a search for a document, with or without its sale, as one prepared statement on its generic plan', async () => {
    const dia = '2025-03-11';
    const fb1 = await venta(bogota(dia, '07:00'), { prefijo: 'FB', nro: 1 });
    const fb10 = await venta(bogota(dia, '08:00'), { prefijo: 'FB', nro: 10 });
    // One connection: prepared statements and PostgreSQL's count of their plans belong to a session.
    const una = crearDb(urlDeDb(entorno.db)!, { maxConexiones: 1 });
    try {
      const filtros = { codigoTienda: tienda.codigo_tienda, fecha_inicial: dia, fecha_final: dia, estado_venta_id: 2 as const };
      for (let vez = 0; vez < 8; vez++) {
        const exacta = await paginaConPie(una, { ...filtros, query_params: vez % 2 === 0 ? 'FB1' : 'fb-1' }, 0, 10);
        expect(exacta.filas.map((fila) => fila.id)).toEqual([fb1, fb10]);
        // 'FB3' has a document's shape but no sale: the same statement, nothing first.
        const sinVenta = await paginaConPie(una, { ...filtros, query_params: vez % 2 === 0 ? 'FB3' : 'fb-3' }, 0, 10);
        expect(sinVenta.filas).toEqual([]);
      }
      const planes = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
        select name, generic_plans::text, custom_plans::text from pg_prepared_statements where name like 'facturas%' order by name
      `.execute(una);
      // One round trip per page: the lookup of the document is a CTE of the page's own statement.
      expect(planes.rows).toEqual([{ name: 'facturas_busqueda_f0_t_exacta_factura_10', generic_plans: '11', custom_plans: '5' }]);
    } finally {
      await una.destroy();
    }
  });
});

describe('the export of a search for a document', () => {
  /** The sale numbers of the .xlsx that the export link of these filters downloads, in its rows' order. */
  async function exportadas(filtros: { dia: string; termino: string }): Promise<number[]> {
    const enlace = await entorno.app.inject({
      method: 'POST',
      url: '/api/facturas/exportar/enlace',
      headers: headers(vendedor.token, tienda.codigo_tienda),
      payload: { fecha_inicial: filtros.dia, fecha_final: filtros.dia, estado_venta_id: 2, query_params: filtros.termino },
    });
    expect(enlace.statusCode, enlace.body).toBe(200);
    const descarga = await entorno.app.inject({ method: 'GET', url: enlace.json().data.url });
    expect(descarga.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(descarga.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Ventas')!;
    // Row 1 is the header and the last one the totals.
    return Array.from({ length: hoja.actualRowCount - 2 }, (_, n) => hoja.getRow(n + 2).getCell(1).value as number);
  }

  it('writes the rows in the list\'s order: the exact document first, then the rest newest first', async () => {
    const dia = '2025-03-12';
    const fx1 = await venta(bogota(dia, '07:00'), { prefijo: 'FX', nro: 1 });
    const nuevas: number[] = [];
    for (let n = 10; n <= 12; n++) nuevas.push(await venta(bogota(dia, `08:${n}`), { prefijo: 'FX', nro: n }));
    const recientes = [...nuevas].reverse();
    for (const termino of ['FX1', 'fx-1']) {
      const enLista = (await lista({ dia, termino })).ids;
      expect(enLista, termino).toEqual([fx1, ...recientes]);
      expect(await exportadas({ dia, termino }), termino).toEqual(enLista);
    }
    // A word that is not exactly a document keeps the usual order in both.
    expect(await exportadas({ dia, termino: 'exacta' })).toEqual([...recientes, fx1]);
    expect((await lista({ dia, termino: 'exacta' })).ids).toEqual([...recientes, fx1]);
  });
});
