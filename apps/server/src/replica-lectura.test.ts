import { hoyNegocio } from '@tablero/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { crearDb, urlDeDb, type Database } from './db/database';
import { configPrueba, crearBaseDePrueba, SECRETO_PRUEBA } from '../test/app';
import { crearTienda, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../test/factories';

/**
 * The read replica (docs/despliegue.md §2; docs/decisions-operacion.md): with `dbLectura` (DATABASE_URL_LECTURA) the
 * reports read there and everything else stays on the primary. The "replica" here is another database whose content
 * differs from the primary's, so where each answer came from shows; its connection is read-only
 * (`default_transaction_read_only`), as a hot standby's is, so a report that tried to write would fail. PostgreSQL's
 * streaming replication itself is not what is tested.
 */
let primaria: Kysely<Database>;
let replica: Kysely<Database>;
let replicaSoloLectura: Kysely<Database>;
let app: FastifyInstance;
let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
const hoy = hoyNegocio();
const anio = Number(hoy.slice(0, 4));
const mes = Number(hoy.slice(5, 7));

beforeAll(async () => {
  primaria = await crearBaseDePrueba();
  replica = await crearBaseDePrueba();
  const url = new URL(urlDeDb(replica)!);
  url.searchParams.set('options', '-c default_transaction_read_only=on');
  replicaSoloLectura = crearDb(url.toString());
  app = await buildApp({ db: primaria, dbLectura: replicaSoloLectura, config: configPrueba(), tokenSecret: SECRETO_PRUEBA });
  tienda = await crearTienda(primaria);
  ({ superAdmin } = await crearUsuariosPorRol(app, primaria, tienda.codigo_tienda));
  // Only the replica has this day's summary: 7 bills for 12,345 (and the store, which it references).
  await replica.insertInto('tienda').values({ codigo_tienda: tienda.codigo_tienda, nombre_tienda: tienda.nombre_tienda, activo: true }).execute();
  await replica
    .insertInto('resumen_venta_dia')
    .values({ fecha: hoy as never, codigo_tienda: tienda.codigo_tienda, facturadas: 7, total_venta: 12_345, total_subtotal_venta: 12_000, anuladas: 0, total_anuladas: 0 })
    .execute();
});

afterAll(async () => {
  await app.close();
  await replicaSoloLectura.destroy();
  await replica.destroy();
  await primaria.destroy();
});

const pedir = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: headers(superAdmin.token, tienda.codigo_tienda), ...(payload ? { payload } : {}) });

describe('reports on the read replica', () => {
  it('the dashboard reads the replica, not the primary', async () => {
    const respuesta = await pedir('POST', '/api/dashboard/rango-fecha', { fecha_inicial: hoy, fecha_final: hoy });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.ventas_rango_fecha).toMatchObject({ total_pedidos: 7, total_venta_bruta: 12_345 });
  });

  it('the sales report reads the replica: a store only the replica has is a valid filter and is listed', async () => {
    await replica.insertInto('tienda').values({ codigo_tienda: 'SOLOREP', nombre_tienda: 'Solo en la réplica', activo: true }).execute();
    const respuesta = await pedir('POST', '/api/informe-ventas', { fecha_inicial: hoy, fecha_final: hoy, codigo_tienda: 'SOLOREP' });
    expect(respuesta.statusCode, respuesta.body.slice(0, 300)).toBe(200);
    expect(respuesta.json().data.tiendas).toContainEqual({ codigo_tienda: 'SOLOREP', nombre_tienda: 'Solo en la réplica' });
  });

  it('a write answers from the primary, and the audit trail (a report) reads the replica, which does not have it yet', async () => {
    const crear = await pedir('POST', '/api/parametros/crear', { codigo_parametro: 'SOLO_EN_PRIMARIA', valor_parametro: '1' });
    expect(crear.statusCode).toBe(200);
    expect(await primaria.selectFrom('parametro').select('valor_parametro').where('codigo_parametro', '=', 'SOLO_EN_PRIMARIA').executeTakeFirst()).toEqual({ valor_parametro: '1' });
    const enPrimaria = await primaria.selectFrom('auditoria').select('id').where('registro', '=', 'SOLO_EN_PRIMARIA').execute();
    expect(enPrimaria).toHaveLength(1);
    const lista = await pedir('GET', `/api/auditoria?fecha_inicial=${hoy}&fecha_final=${hoy}&registro=SOLO_EN_PRIMARIA`);
    expect(lista.statusCode).toBe(200);
    expect(lista.json().data.cambios.total).toBe(0);
  });

  it.each([
    ['POST', '/api/dashboard/rango-fecha', { fecha_inicial: hoy, fecha_final: hoy }],
    ['POST', '/api/dashboard/productos/exportar', { fecha_inicial: hoy, fecha_final: hoy }],
    ['GET', `/api/cierre-mes/ventas-mes?anio=${anio}&mes=${mes}`, undefined],
    ['GET', `/api/cierre-mes/ventas-forma-pago?anio=${anio}&mes=${mes}&forma_pago_id=1`, undefined],
    ['POST', '/api/cierre-mes/exportar', { anio, mes, codigo_tienda: 'x', seccion: 'ventas' }],
    ['POST', '/api/produccion/indicadores', { fecha_inicial: hoy, fecha_final: hoy }],
    ['POST', '/api/produccion/indicadores/exportar', { fecha_inicial: hoy, fecha_final: hoy }],
    ['GET', '/api/creditos/cartera', undefined],
    ['GET', '/api/creditos/cartera/exportar', undefined],
    ['GET', `/api/auditoria?fecha_inicial=${hoy}&fecha_final=${hoy}`, undefined],
    ['POST', '/api/auditoria/exportar', { fecha_inicial: hoy, fecha_final: hoy }],
    ['POST', '/api/informe-ventas', { fecha_inicial: hoy, fecha_final: hoy, agrupar_por: 'producto' }],
    ['POST', '/api/informe-ventas/exportar', { fecha_inicial: hoy, fecha_final: hoy, agrupar_por: 'vendedor' }],
  ] as const)('%s %s answers 200 from a read-only replica (it never writes)', async (method, url, cuerpo) => {
    const payload = cuerpo && 'codigo_tienda' in cuerpo ? { ...cuerpo, codigo_tienda: tienda.codigo_tienda } : cuerpo;
    const respuesta = await pedir(method, url, payload);
    expect(respuesta.statusCode, respuesta.body.slice(0, 300)).toBe(200);
  });
});
