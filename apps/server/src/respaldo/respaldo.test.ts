import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hoyNegocio } from '@tablero/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { construirApp, crearBaseDePrueba, usarEntorno } from '../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearTipoConcepto,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  iniciarS3Falso,
  type S3Falso,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../test/factories';
import { RAIZ_PROYECTO } from '../config';
import { crearDb, urlDeDb } from '../db/database';
import { ErrorRespaldo, type Manifiesto } from './manifiesto';
import { crearRespaldo, ejecutarArchivo, type ResultadoRespaldo } from './respaldo';
import { restaurarRespaldo } from './restauracion';

// The source database's attachment folder, and a scratch folder for archives and restored folders; removed at the end.
const trabajo = path.join(tmpdir(), `tablero-respaldo-prueba-${randomUUID()}`);
const carpetaAdjuntos = path.join(trabajo, 'adjuntos-origen');
const entorno = usarEntorno({ archivos: { carpeta: carpetaAdjuntos, s3: null } });

const EFECTIVO = 1;
const CREDITO = 6;
const ANTICIPO = 8;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let tienda: TiendaPrueba;
let otra: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let bodega: UsuarioConSesion;
let respaldo: ResultadoRespaldo;
const abiertas: pg.Client[] = [];
let s3: S3Falso;

const llamar = (method: 'POST' | 'PUT', url: string, usuario: UsuarioConSesion, payload: object, app = entorno.app) =>
  app.inject({ method, url, headers: headers(usuario.token, tienda.codigo_tienda), payload }).then((r) => {
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  });

/** A new empty database on the run's PostgreSQL (no tables at all, not even the migrations'), and its URL. */
async function baseVacia(): Promise<string> {
  const { urlAdmin } = inject('postgres');
  const nombre = `restaurada_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: urlAdmin });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(nombre)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(urlAdmin);
  url.pathname = `/${nombre}`;
  return url.toString();
}

async function conectar(url: string): Promise<pg.Client> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  abiertas.push(cliente);
  return cliente;
}

/** Every table of the public schema with its row count and a digest of all its rows: two databases equal here hold the same data. */
async function huella(cliente: pg.Client): Promise<Record<string, { filas: number; md5: string }>> {
  const { rows: tablas } = await cliente.query<{ nombre: string }>(
    `select c.relname as nombre from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const resultado: Record<string, { filas: number; md5: string }> = {};
  for (const { nombre } of tablas) {
    // kysely_migration's timestamps are when each database ran them; kysely_migration_lock likewise.
    const fila = nombre === 'kysely_migration' ? 't.name' : 't::text';
    const { rows } = await cliente.query<{ filas: number; md5: string | null }>(
      `select count(*)::int as filas, md5(string_agg(${fila}, '|' order by ${fila})) as md5 from "${nombre}" t`,
    );
    resultado[nombre] = { filas: rows[0]!.filas, md5: rows[0]!.md5 ?? '' };
  }
  return resultado;
}

/** The balances, read with plain SQL of their own (not the code under test). */
async function saldos(cliente: pg.Client) {
  const q = async (consulta: string) => (await cliente.query(consulta)).rows;
  return {
    inventario: await q(`select codigo_tienda, producto_id, cantidad from inventario order by 1, 2`),
    abono: await q(`select id, saldo_abono from tercero order by id`),
    credito: await q(`select tercero_id, total_credito, total_cupo_permitido from cuenta_credito order by tercero_id`),
    ventas: await q(`select estado_venta_id, count(*)::int, sum(total_venta) from venta group by 1 order by 1`),
    pagos: await q(`select forma_pago_id, sum(valor_pagado) from venta_forma_pago group by 1 order by 1`),
    anticipos: await q(`select max(consecutivo_anticipo) from abono_tercero`),
  };
}

/** Whether the database has any table in public (a refused restore into an empty database must create none). */
async function tablasEn(url: string): Promise<number> {
  const cliente = await conectar(url);
  return (await cliente.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]!.n;
}

/** The archive unpacked, changed by `cambiar`, packed again: a damaged or foreign backup. */
async function archivoAlterado(nombre: string, cambiar: (carpeta: string) => Promise<void>): Promise<string> {
  const carpeta = await mkdtemp(path.join(trabajo, 'alterado-'));
  await ejecutarArchivo('tar', ['-xzf', respaldo.archivo, '-C', carpeta]);
  await cambiar(carpeta);
  const archivo = path.join(trabajo, nombre);
  await ejecutarArchivo('tar', ['-czf', archivo, '-C', carpeta, '.']);
  return archivo;
}

const siempre = async () => true;

beforeAll(async () => {
  const { app, db } = entorno;
  await mkdir(trabajo, { recursive: true });
  s3 = await iniciarS3Falso();
  tienda = await crearTienda(db);
  otra = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  cajero = usuarios.porRol.Vendedor;
  bodega = usuarios.porRol.Bodega;
  const exento = await crearImpuesto(db, { porcentaje_impuesto: 0 });
  const proveedor = await crearProveedor(db);
  const enTiendas = (cantidad: number, precio: number) => [
    { codigo_tienda: tienda.codigo_tienda, cantidad, precio_unitario: precio },
    { codigo_tienda: otra.codigo_tienda, cantidad, precio_unitario: precio },
  ];
  const tablero = await crearProducto(db, { impuesto_id: exento.id, proveedor_id: proveedor.id, grupo_id: 1, linea_id: 1, precio_unitario: 100_000, tiendas: enTiendas(50, 100_000) });
  const canto = await crearProducto(db, { impuesto_id: exento.id, proveedor_id: proveedor.id, grupo_id: 2, linea_id: 4, precio_unitario: 1_500.5, tiendas: enTiendas(500, 1_500.5) });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FE' });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'REM' });

  // Stock movements through the inventory screen's route.
  await llamar('PUT', '/api/inventarios/actualizar', bodega, { producto_id: tablero.id, precio_unitario: 100_000, cantidad_inventario: 80 });
  await llamar('PUT', '/api/inventarios/actualizar', bodega, { producto_id: canto.id, precio_unitario: 1_500.5, cantidad_inventario: 450 });

  const venta = async (clienteId: number) =>
    crearVentaConLineas(db, {
      codigo_tienda: tienda.codigo_tienda,
      cliente_id: clienteId,
      vendedor_id: cajero.id,
      lineas: [
        { producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000 },
        { producto_id: canto.id, cantidad: 2.5, precio_unitario: 1_500.5 },
      ],
    });
  // 203,751.25 each. A cash bill, a bill later annulled, a credit bill with a payment on it, a bill paid with an advance.
  const contado = await crearTercero(db);
  const pagada = await venta(contado.id);
  await llamar('POST', `/api/facturas/${pagada.id}/forma-pago`, cajero, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: pagada.total_venta }]));
  const anulada = await venta(contado.id);
  await llamar('POST', `/api/facturas/${anulada.id}/forma-pago`, cajero, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: anulada.total_venta }]));
  await llamar('PUT', `/api/facturas/${anulada.id}/anular`, superAdmin, {});
  const deudor = await crearTercero(db);
  await crearCuentaCredito(db, { tercero_id: deudor.id, total_cupo_permitido: 1_000_000 });
  const aCredito = await venta(deudor.id);
  await llamar('POST', `/api/facturas/${aCredito.id}/forma-pago`, cajero, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: aCredito.total_venta }], { crear_venta_credito: true }));
  await llamar('POST', '/api/creditos/abonos', superAdmin, {
    venta_id: aCredito.id,
    fecha_abono: hoyNegocio(),
    observacion_abono: 'Abono parcial',
    valor_abono: 50_000,
    lista_formas_pagadas_form: [{ id_forma_pago: EFECTIVO, nombre_forma_pago: 'Efectivo', valor_pagado: 50_000 }],
  });
  const anticipante = await crearTercero(db);
  await llamar('POST', '/api/anticipos/guardar', superAdmin, { cliente_id: anticipante.id, fecha_anticipo: hoyNegocio(), valor_anticipo: 300_000, observacion_anticipo: 'Anticipo cocina' });
  const conAnticipo = await venta(anticipante.id);
  await llamar('POST', `/api/facturas/${conAnticipo.id}/forma-pago`, cajero, cuerpoFacturar([{ id_forma_pago: ANTICIPO, valor_pagado: conAnticipo.total_venta }]));
  await venta(contado.id); // one still pending

  // A supplier payment with its voucher picture in the attachment folder.
  await llamar('POST', '/api/pagos-proveedores/guardar', superAdmin, {
    tipo_concepto_id: (await crearTipoConcepto(db)).id,
    proveedor_id: proveedor.id,
    codigo_factura: 'FE-77',
    fecha_factura: hoyNegocio(),
    fecha_pago: hoyNegocio(),
    valor_total: '119,000',
    pj_iva: 19,
    pj_retefuente: 0,
    observaciones: 'Tornillería',
    gestion_factura: false,
    lista_formas_pagadas_form: [
      {
        id_forma_pago: 4,
        nombre_forma_pago: 'Transferencia bancaria',
        comprobante_id: 'TRX-1',
        requiere_codigo_comprobante: true,
        adjunto_comprobante: { nombre_temp: 'transferencia.png', extension_archivo: 'png', adjunto: PNG.toString('base64') },
        valor_pagado: 119_000,
      },
    ],
    pago_realizado: true,
  });

  // A credit charge from before migration 202611260100 (no sale): its NOT VALID check must not stop the restore.
  const antiguo = await crearTercero(db);
  const cuentaAntigua = await crearCuentaCredito(db, { tercero_id: antiguo.id, total_cupo_permitido: 100_000 });
  await sql`alter table cuenta_credito_movimiento drop constraint cuenta_credito_movimiento_venta`.execute(db);
  await sql`insert into cuenta_credito_movimiento (cuenta_credito_id, tipo_movimiento_credito_id, venta_id, descripcion_movimiento, valor_movimiento, saldo_credito)
            values (${cuentaAntigua}, 1, null, 'Venta a crédito (antigua)', 7500, 7500)`.execute(db);
  await sql`update cuenta_credito set total_credito = 7500 where id = ${cuentaAntigua}`.execute(db);
  await sql`alter table cuenta_credito_movimiento add constraint cuenta_credito_movimiento_venta check (venta_id is not null) not valid`.execute(db);

  respaldo = await crearRespaldo({ url: urlDeDb(db)!, archivos: { carpeta: carpetaAdjuntos, s3: null }, destino: path.join(trabajo, 'respaldos') });
}, 60_000);

afterAll(async () => {
  await Promise.all(abiertas.map((c) => c.end().catch(() => {})));
  await s3?.cerrar();
  await rm(trabajo, { recursive: true, force: true });
});

describe('crearRespaldo', () => {
  it('writes a dated .tar.gz with every public table, the sequences, the attachment and the balances, and leaves pg-boss out', async () => {
    expect(path.basename(respaldo.archivo)).toMatch(/^tablero-respaldo-\d{8}-\d{6}\.tar\.gz$/);
    expect(await readdir(path.dirname(respaldo.archivo))).toEqual([path.basename(respaldo.archivo)]);
    const origen = await huella(await conectar(urlDeDb(entorno.db)!));
    const m = respaldo.manifiesto;
    expect(m.version_formato).toBe(1);
    expect(m.tablas.map((t) => t.nombre)).toEqual(Object.keys(origen));
    for (const t of m.tablas) expect(t.filas, t.nombre).toBe(origen[t.nombre]!.filas);
    expect(m.tablas.find((t) => t.nombre === 'tercero')!.columnas).not.toContain('texto_busqueda'); // generated
    expect(m.ultima_migracion).toBe((await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(entorno.db)).rows[0]!.name);
    expect(m.version_postgresql).toMatch(/^18\./);
    expect(m.secuencias.map((s) => s.nombre)).toContain('abono_tercero_consecutivo_anticipo_seq');
    expect(m.adjuntos).toHaveLength(1);
    expect(m.adjuntos[0]!.clave).toMatch(/^pagos-proveedores\/[0-9a-f-]{36}\.png$/);
    expect(respaldo.adjuntosFaltantes).toEqual([]);
    expect(m.cifras.ventas_por_estado).toEqual({
      '1': { cantidad: 1, total: '203751.25' },
      '2': { cantidad: 3, total: '611253.75' },
      '3': { cantidad: 1, total: '203751.25' },
    });
    expect(Object.values(m.cifras.saldo_credito_por_tercero).sort()).toEqual(['153751.25', '7500.00']);
    expect(Object.values(m.cifras.saldo_abono_por_tercero)).toEqual(['96248.75']);
    // Stock: 50 boards and 500 m, 80 and 450 more entered, 3 bills of 2 boards and 2.5 m (exactly 2.5 m from stock,
    // docs/decisions.md, Inventario) each, the annulled bill's stock given back; the other store untouched. The sums are
    // numeric(14,2) text.
    expect(m.cifras.inventario_por_tienda).toEqual({
      [tienda.codigo_tienda]: (50 + 80 - 6 + (500 + 450 - 7.5)).toFixed(2),
      [otra.codigo_tienda]: (50 + 500).toFixed(2),
    });
    const { stdout } = await ejecutarArchivo('tar', ['-tzf', respaldo.archivo]);
    expect(stdout).toContain('./manifiesto.json');
    expect(stdout).toContain('./tablas/venta.bin');
    expect(stdout).not.toMatch(/pgboss|job/);
  });
});

describe('restaurarRespaldo', () => {
  it('restores into a new empty database: every table row for row, every balance, the attachment, and the sequences continue', async () => {
    const url = await baseVacia();
    const carpeta = path.join(trabajo, 'adjuntos-restaurados');
    let preguntado: Manifiesto | null = null;
    const resultado = await restaurarRespaldo({ url, archivos: { carpeta, s3: null }, archivo: respaldo.archivo, confirmar: async (m) => ((preguntado = m), true) });
    expect(preguntado).not.toBeNull();
    expect(resultado).toMatchObject({ tablas: respaldo.tablas, filas: respaldo.filas, adjuntos: 1, migracionFinal: respaldo.manifiesto.ultima_migracion });

    const origen = await conectar(urlDeDb(entorno.db)!);
    const destino = await conectar(url);
    expect(await huella(destino)).toEqual(await huella(origen));
    expect(await saldos(destino)).toEqual(await saldos(origen));
    // pg-boss's job state is not part of the backup.
    expect((await destino.query(`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`)).rows[0].n).toBe(0);
    const clave = respaldo.manifiesto.adjuntos[0]!.clave;
    expect((await readFile(path.join(carpeta, clave))).equals(await readFile(path.join(carpetaAdjuntos, clave)))).toBe(true);
    // The NOT VALID check came back as it was.
    expect((await destino.query(`select convalidated from pg_constraint where conname = 'cuenta_credito_movimiento_venta'`)).rows).toEqual([{ convalidated: false }]);

    // The restored database works: a new advance through the app takes the next consecutive and a fresh id.
    const db = crearDb(url);
    const app = await construirApp(db, { archivos: { carpeta, s3: null } });
    try {
      const cliente = await crearTercero(db);
      const { data } = await llamar('POST', '/api/anticipos/guardar', superAdmin, { cliente_id: cliente.id, fecha_anticipo: hoyNegocio(), valor_anticipo: 1_000, observacion_anticipo: 'Después' }, app);
      const antes = (await origen.query(`select max(consecutivo_anticipo) as c, max(id) as i from abono_tercero`)).rows[0];
      expect(data.consecutivo_anticipo).toBe(antes.c + 1);
      expect(data.id).toBeGreaterThan(antes.i);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('restores into a migrated empty database (the migrations seeded lookups) and a bucket, and a backup of that gets the same files', async () => {
    const db = await crearBaseDePrueba();
    const url = urlDeDb(db)!;
    await db.destroy();
    const bucket = { bucket: 'respaldo', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'AKIAPRUEBA', secretAccessKey: 'secreto' };
    await restaurarRespaldo({ url, archivos: { carpeta: path.join(trabajo, 'no-usada'), s3: bucket }, archivo: respaldo.archivo, confirmar: siempre });
    const origen = await huella(await conectar(urlDeDb(entorno.db)!));
    expect(await huella(await conectar(url))).toEqual(origen);
    const clave = respaldo.manifiesto.adjuntos[0]!.clave;
    expect(s3.objetos.get(`/respaldo/${clave}`)?.cuerpo.equals(PNG)).toBe(true);

    // A bucket cannot be listed through the store: the backup fetches the keys the database names.
    const otra = await crearRespaldo({ url, archivos: { carpeta: path.join(trabajo, 'no-usada'), s3: bucket }, destino: path.join(trabajo, 'respaldos-s3') });
    expect(otra.manifiesto.almacen_adjuntos).toBe('s3');
    expect(otra.manifiesto.adjuntos).toEqual(respaldo.manifiesto.adjuntos);
    expect(otra.manifiesto.cifras).toEqual(respaldo.manifiesto.cifras);
  });

  it('refuses a database that is not empty, before asking and without writing anything', async () => {
    const origen = await conectar(urlDeDb(entorno.db)!);
    const antes = await huella(origen);
    let preguntado = false;
    const intento = restaurarRespaldo({
      url: urlDeDb(entorno.db)!,
      archivos: { carpeta: carpetaAdjuntos, s3: null },
      archivo: respaldo.archivo,
      confirmar: async () => (preguntado = true),
    });
    await expect(intento).rejects.toThrow(ErrorRespaldo);
    await expect(intento).rejects.toThrow(/^La base de datos de destino no está vacía: las tablas tienda, usuario, tercero, producto, inventario, .*no se escribió nada\.$/);
    expect(preguntado).toBe(false);
    expect(await huella(origen)).toEqual(antes);
  });

  it('writes nothing when the confirmation is refused', async () => {
    const url = await baseVacia();
    await expect(restaurarRespaldo({ url, archivos: { carpeta: path.join(trabajo, 'x'), s3: null }, archivo: respaldo.archivo, confirmar: async () => false })).rejects.toThrow(
      'Restauración cancelada: no se escribió nada.',
    );
    expect(await tablasEn(url)).toBe(0);
  });

  it('fails loudly, naming what differs, when the loaded data does not give the figures of the manifest, and keeps no row', async () => {
    const terceroId = Object.keys(respaldo.manifiesto.cifras.saldo_abono_por_tercero)[0]!;
    const archivo = await archivoAlterado('cifras.tar.gz', async (c) => {
      const m = JSON.parse(await readFile(path.join(c, 'manifiesto.json'), 'utf8')) as Manifiesto;
      m.cifras.saldo_abono_por_tercero[terceroId] = '96248.76';
      m.tablas.find((t) => t.nombre === 'venta')!.filas = 6;
      await writeFile(path.join(c, 'manifiesto.json'), JSON.stringify(m));
    });
    const url = await baseVacia();
    const carpeta = path.join(trabajo, 'adjuntos-cifras');
    const intento = restaurarRespaldo({ url, archivos: { carpeta, s3: null }, archivo, confirmar: siempre });
    await expect(intento).rejects.toThrow(/^La base restaurada no coincide con el respaldo; no se guardó nada:/);
    await expect(intento).rejects.toThrow('Filas de la tabla venta: el respaldo tiene 6 y la base restaurada 5');
    await expect(intento).rejects.toThrow(`Saldo de anticipos del tercero ${terceroId}: el respaldo tiene "96248.76" y la base restaurada "96248.75"`);
    // The migrations ran (the target is at the backup's version), but the load rolled back whole, files included.
    const destino = await conectar(url);
    const { rows } = await destino.query(`select (select count(*) from venta)::int as ventas, (select count(*) from tercero)::int as terceros, (select count(*) from kysely_migration)::int as migraciones`);
    expect(rows[0]).toEqual({ ventas: 0, terceros: 0, migraciones: respaldo.manifiesto.tablas.find((t) => t.nombre === 'kysely_migration')!.filas });
    expect(await readdir(carpeta).catch(() => [])).toEqual([]);
  });

  it.each([
    ['a file that is no archive', async () => {
      const archivo = path.join(trabajo, 'basura.tar.gz');
      await writeFile(archivo, 'esto no es un respaldo');
      return archivo;
    }, /no es un respaldo legible/],
    ['an archive without a manifest', () => archivoAlterado('sin-manifiesto.tar.gz', (c) => rm(path.join(c, 'manifiesto.json'))), /no tiene un manifiesto\.json legible/],
    ['an unknown format version', () => archivoAlterado('formato-2.tar.gz', async (c) => {
      const m = JSON.parse(await readFile(path.join(c, 'manifiesto.json'), 'utf8'));
      await writeFile(path.join(c, 'manifiesto.json'), JSON.stringify({ ...m, version_formato: 2 }));
    }), /tiene el formato 2 y esta versión de Tablero solo restaura el formato 1/],
    ['a migration this build does not know', () => archivoAlterado('futuro.tar.gz', async (c) => {
      const m = JSON.parse(await readFile(path.join(c, 'manifiesto.json'), 'utf8'));
      await writeFile(path.join(c, 'manifiesto.json'), JSON.stringify({ ...m, ultima_migracion: '209912312359_desde_el_futuro' }));
    }), /versión de Tablero que esta no conoce: su última migración es 209912312359_desde_el_futuro/],
    ['a damaged table file', () => archivoAlterado('danado.tar.gz', async (c) => {
      const ruta = path.join(c, 'tablas', 'venta.bin');
      const datos = await readFile(ruta);
      datos.writeUInt8(datos.readUInt8(datos.length - 10) ^ 0xff, datos.length - 10);
      await writeFile(ruta, datos);
    }), /dañado: el archivo tablas\/venta\.bin de la tabla venta/],
    ['a damaged attachment', () => archivoAlterado('adjunto.tar.gz', async (c) => {
      await writeFile(path.join(c, 'adjuntos', respaldo.manifiesto.adjuntos[0]!.clave), 'otra cosa');
    }), /dañado: el adjunto pagos-proveedores\//],
  ])('refuses %s and writes nothing', async (_caso, preparar, mensaje) => {
    const archivo = await preparar();
    const url = await baseVacia();
    await expect(restaurarRespaldo({ url, archivos: { carpeta: path.join(trabajo, 'x'), s3: null }, archivo, confirmar: siempre })).rejects.toThrow(mensaje);
    expect(await tablasEn(url)).toBe(0);
  });
});

describe('npm run respaldo / restaurar', () => {
  const tsx = path.join(RAIZ_PROYECTO, 'node_modules/.bin/tsx');
  const cli = path.join(import.meta.dirname, 'cli.ts');
  // INIT_CWD: the folder npm was called from, which relative paths are read against.
  const correr = (argumentos: string[], env: Record<string, string>) =>
    promisify(execFile)(tsx, [cli, ...argumentos], { env: { ...process.env, S3_BUCKET: '', INIT_CWD: trabajo, ...env } }).then(
      (r) => ({ codigo: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ codigo: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('backs up and restores end to end with --si, and refuses the same restore a second time (exit 1)', async () => {
    const comun = { TABLERO_DATA_DIR: path.join(trabajo, 'datos-cli') };
    const respaldoCli = await correr(['respaldo', '--destino', 'cli'], { ...comun, DATABASE_URL: urlDeDb(entorno.db)!, TABLERO_ADJUNTOS_DIR: carpetaAdjuntos, TOKEN_SECRET: 'secreto-origen' });
    expect(respaldoCli.codigo, respaldoCli.stderr).toBe(0);
    const archivo = /Respaldo creado: (\S+)/.exec(respaldoCli.stdout)?.[1];
    expect(archivo?.startsWith(path.join(trabajo, 'cli', 'tablero-respaldo-'))).toBe(true);
    expect(respaldoCli.stdout).toMatch(new RegExp(`${respaldo.tablas} tablas, [\\d,]+ filas, 1 adjuntos; [\\d.]+ s`));

    const url = await baseVacia();
    const env = { ...comun, DATABASE_URL: url, TABLERO_ADJUNTOS_DIR: path.join(trabajo, 'adjuntos-cli'), TOKEN_SECRET: 'otro-secreto' };
    const restaurada = await correr(['restaurar', archivo!, '--si'], env);
    expect(restaurada.codigo, restaurada.stderr).toBe(0);
    expect(restaurada.stdout).toContain(`Restauración completa: ${respaldo.tablas} tablas,`);
    expect(restaurada.stdout).toContain('saldos iguales al respaldo');
    // Another server secret: the e-invoicing keys it encrypted cannot be read, and the restore says so.
    expect(restaurada.stderr).toContain('Aviso: el secreto del servidor de este equipo (TOKEN_SECRET o');
    expect(await huella(await conectar(url))).toEqual(await huella(await conectar(urlDeDb(entorno.db)!)));

    const otraVez = await correr(['restaurar', archivo!, '--si'], env);
    expect(otraVez.codigo).toBe(1);
    expect(otraVez.stderr).toMatch(/^La base de datos de destino no está vacía/);
  }, 40_000);
});
