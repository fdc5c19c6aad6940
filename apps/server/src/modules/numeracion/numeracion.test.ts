import { hoyNegocio, MENSAJES_NUMERACION } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearRangoNumeracion, crearTienda, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
import { enTransaccion } from '../../db/transaccion';
import { asignarNumero } from './index';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let administrador: UsuarioConSesion;
const hoy = hoyNegocio();

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  const usuarios = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  administrador = usuarios.porRol.Administrador;
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
  entorno.app.inject({ method, url, ...(token ? { headers: headers(token) } : {}), ...(payload ? { payload } : {}) });

const rangoFactura = (codigo: string, cambios: Record<string, unknown> = {}) => ({
  codigo_tienda: codigo,
  tipo_documento: 'FACTURA',
  prefijo: 'fe',
  numero_desde: 1,
  numero_hasta: 100,
  resolucion_numero: '18764000000099',
  resolucion_fecha: '2026-01-15',
  fecha_desde: '2026-01-15',
  fecha_hasta: '2027-12-31',
  ...cambios,
});

const filaRango = (id: number) => entorno.db.selectFrom('rango_numeracion').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const asignar = (codigo: string, tipo: 'FACTURA' | 'REMISION', dia = hoy) => enTransaccion(entorno.db, (trx) => asignarNumero(trx, codigo, tipo, dia));

describe('refusals of the maestros/rangos-numeracion routes', () => {
  const rutas = (): ['GET' | 'POST' | 'PUT', string, object | undefined][] => [
    ['GET', '/api/maestros/rangos-numeracion', undefined],
    ['GET', '/api/maestros/rangos-numeracion/alertas', undefined],
    ['POST', '/api/maestros/rangos-numeracion', rangoFactura(tienda.codigo_tienda)],
    ['PUT', '/api/maestros/rangos-numeracion/1', rangoFactura(tienda.codigo_tienda)],
  ];

  it('answers 401 without a token and 403 to every role but SuperAdministrador, writing nothing', async () => {
    for (const [method, url, payload] of rutas()) expect((await llamar(method, url, null, payload)).statusCode, url).toBe(401);
    for (const [method, url, payload] of rutas()) expect((await llamar(method, url, administrador.token, payload)).statusCode, url).toBe(403);
    expect(await entorno.db.selectFrom('rango_numeracion').selectAll().where('codigo_tienda', '=', tienda.codigo_tienda).execute()).toEqual([]);
  });

  it('refuses an invalid range with the Spanish message of each field (422)', async () => {
    const casos: [Record<string, unknown>, string, string][] = [
      [{ prefijo: 'F E' }, 'prefijo', MENSAJES_NUMERACION.prefijo],
      [{ numero_desde: 0 }, 'numero_desde', MENSAJES_NUMERACION.desde],
      [{ numero_hasta: 0 }, 'numero_hasta', MENSAJES_NUMERACION.hasta],
      [{ numero_desde: 50, numero_hasta: 10 }, 'numero_hasta', MENSAJES_NUMERACION.hasta],
      [{ resolucion_numero: '' }, 'resolucion_numero', MENSAJES_NUMERACION.resolucion],
      [{ resolucion_fecha: null }, 'resolucion_fecha', MENSAJES_NUMERACION.resolucionFecha],
      [{ fecha_hasta: '' }, 'fecha_hasta', MENSAJES_NUMERACION.vigencia],
      [{ fecha_hasta: '2026-02-30' }, 'fecha_hasta', MENSAJES_NUMERACION.fechaInvalida],
      [{ fecha_desde: '2027-01-01', fecha_hasta: '2026-01-01' }, 'fecha_hasta', MENSAJES_NUMERACION.vigenciaOrden],
      [{ tipo_documento: 'NOTA' }, 'tipo_documento', MENSAJES_NUMERACION.tipo],
      [{ codigo_tienda: 'NOEXISTE' }, 'codigo_tienda', MENSAJES_NUMERACION.tienda],
    ];
    for (const [cambios, campo, mensaje] of casos) {
      const respuesta = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rangoFactura(tienda.codigo_tienda, cambios));
      expect(respuesta.statusCode, JSON.stringify(cambios)).toBe(422);
      expect(respuesta.json().errors[campo], JSON.stringify(cambios)).toContain(mensaje);
    }
    expect((await llamar('PUT', '/api/maestros/rangos-numeracion/999999', superAdmin.token, rangoFactura(tienda.codigo_tienda))).statusCode).toBe(404);
  });
});

describe('POST and PUT maestros/rangos-numeracion', () => {
  it('creates a range numbering from its first number; activating one turns off the other of its store and kind', async () => {
    const propia = await crearTienda(entorno.db);
    const primero = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rangoFactura(propia.codigo_tienda));
    expect(primero.statusCode, primero.body).toBe(200);
    expect(primero.json().message).toBe(MENSAJES_NUMERACION.guardado);
    const fila = await filaRango(primero.json().data.id);
    expect(fila).toMatchObject({ prefijo: 'FE', numero_desde: 1, numero_hasta: 100, siguiente_numero: 1, activo: true, user_id: superAdmin.id, fecha_hasta: '2027-12-31' });
    const remision = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, {
      codigo_tienda: propia.codigo_tienda,
      tipo_documento: 'REMISION',
      prefijo: 'REM',
      numero_desde: 1,
      numero_hasta: 500,
    });
    expect(remision.statusCode, remision.body).toBe(200);
    const segundo = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rangoFactura(propia.codigo_tienda, { numero_desde: 101, numero_hasta: 200 }));
    expect(segundo.statusCode, segundo.body).toBe(200);
    expect((await filaRango(primero.json().data.id)).activo).toBe(false);
    expect((await filaRango(remision.json().data.id)).activo).toBe(true);

    const lista = await llamar('GET', `/api/maestros/rangos-numeracion?codigo_tienda=${propia.codigo_tienda}`, superAdmin.token);
    expect(lista.statusCode).toBe(200);
    expect(lista.json().data.rangos_numeracion.map((r: { prefijo: string; activo: boolean; estado: string }) => [r.prefijo, r.activo, r.estado])).toEqual([
      ['FE', true, 'vigente'],
      ['FE', false, 'inactivo'],
      ['REM', true, 'vigente'],
    ]);
  });

  it('refuses a range of the same prefix that shares numbers with another of the store (409 cruce)', async () => {
    const propia = await crearTienda(entorno.db);
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, prefijo: 'FX', numero_desde: 1, numero_hasta: 100 });
    const respuesta = await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rangoFactura(propia.codigo_tienda, { prefijo: 'FX', numero_desde: 100, numero_hasta: 150 }));
    expect(respuesta.statusCode).toBe(409);
    expect(respuesta.json().message).toBe(MENSAJES_NUMERACION.cruce('FX'));
    // Another prefix, or another store, may use the same numbers.
    expect((await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rangoFactura(propia.codigo_tienda, { prefijo: 'FY', activo: false }))).statusCode).toBe(200);
    expect((await llamar('POST', '/api/maestros/rangos-numeracion', superAdmin.token, rangoFactura(tienda.codigo_tienda, { prefijo: 'FX', activo: false }))).statusCode).toBe(200);
  });

  it('edits a used range only in its last number (not below the last used) and dates; the next number never changes', async () => {
    const propia = await crearTienda(entorno.db);
    const { id } = await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, prefijo: 'FE', numero_desde: 1, numero_hasta: 100, siguiente_numero: 41 });
    const editar = (cambios: Record<string, unknown>) => llamar('PUT', `/api/maestros/rangos-numeracion/${id}`, superAdmin.token, rangoFactura(propia.codigo_tienda, cambios));
    let respuesta = await editar({ numero_desde: 2 });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.numero_desde).toEqual([MENSAJES_NUMERACION.desdeUsado]);
    respuesta = await editar({ numero_hasta: 39 });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.numero_hasta).toEqual([MENSAJES_NUMERACION.hastaMenorUsado(40)]);
    respuesta = await editar({ prefijo: 'FZ' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.prefijo).toEqual([MENSAJES_NUMERACION.serieUsada]);
    respuesta = await editar({ numero_hasta: 40, fecha_hasta: '2028-06-30', siguiente_numero: 1 });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.json().message).toBe(MENSAJES_NUMERACION.actualizado);
    expect(await filaRango(id)).toMatchObject({ numero_desde: 1, numero_hasta: 40, siguiente_numero: 41, fecha_hasta: '2028-06-30' });
    // An unused range may move its first number, and numbers from it.
    const libre = await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RM', numero_desde: 1, numero_hasta: 10 });
    respuesta = await llamar('PUT', `/api/maestros/rangos-numeracion/${libre.id}`, superAdmin.token, {
      codigo_tienda: propia.codigo_tienda,
      tipo_documento: 'REMISION',
      prefijo: 'RM',
      numero_desde: 5,
      numero_hasta: 20,
    });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(await filaRango(libre.id)).toMatchObject({ numero_desde: 5, numero_hasta: 20, siguiente_numero: 5 });
  });
});

describe('asignarNumero', () => {
  it('hands out consecutive numbers, warns from 90 % and refuses an exhausted range without writing', async () => {
    const propia = await crearTienda(entorno.db);
    const { id } = await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RX', numero_desde: 11, numero_hasta: 20 });
    const numeros = [];
    for (let n = 0; n < 10; n++) numeros.push(await asignar(propia.codigo_tienda, 'REMISION'));
    expect(numeros.map((n) => n.numero)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(numeros[7]!.aviso).toBeNull();
    expect(numeros[8]!.aviso).toBe(MENSAJES_NUMERACION.aviso('RX', propia.codigo_tienda, 9, 10));
    await expect(asignar(propia.codigo_tienda, 'REMISION')).rejects.toMatchObject({ status: 409, message: MENSAJES_NUMERACION.agotado('RX', 20) });
    expect((await filaRango(id)).siguiente_numero).toBe(21);
  });

  it('refuses without an active range, with an expired one and with one not yet valid', async () => {
    const propia = await crearTienda(entorno.db);
    await expect(asignar(propia.codigo_tienda, 'FACTURA')).rejects.toMatchObject({ status: 409, message: MENSAJES_NUMERACION.sinRango('FACTURA') });
    const { id } = await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, prefijo: 'FV', fecha_desde: '2024-01-01', fecha_hasta: '2025-12-31' });
    await expect(asignar(propia.codigo_tienda, 'FACTURA', '2026-01-01')).rejects.toMatchObject({ message: MENSAJES_NUMERACION.vencido('FV', '31/12/2025') });
    await expect(asignar(propia.codigo_tienda, 'FACTURA', '2023-12-31')).rejects.toMatchObject({ message: MENSAJES_NUMERACION.porIniciar('FV', '01/01/2024') });
    expect((await asignar(propia.codigo_tienda, 'FACTURA', '2025-12-31')).numero).toBe(1);
    expect((await filaRango(id)).siguiente_numero).toBe(2);
  });

  it('gives 50 numbers to 50 concurrent transactions with no gap and no repeat; a rollback gives its number back', async () => {
    const propia = await crearTienda(entorno.db);
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, prefijo: 'FC', numero_desde: 1000, numero_hasta: 5000 });
    await expect(
      enTransaccion(entorno.db, async (trx) => {
        await asignarNumero(trx, propia.codigo_tienda, 'FACTURA', hoy);
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    const numeros = await Promise.all(Array.from({ length: 50 }, () => asignar(propia.codigo_tienda, 'FACTURA')));
    expect(numeros.map((n) => n.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => 1000 + n));
  });
});

describe('GET maestros/rangos-numeracion/alertas', () => {
  it('names the active ranges at 90 % or more and those ending within 30 days', async () => {
    const propia = await crearTienda(entorno.db);
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, prefijo: 'AL', numero_desde: 1, numero_hasta: 10, siguiente_numero: 10 });
    const vence = hoy;
    await crearRangoNumeracion(entorno.db, { codigo_tienda: propia.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'AR', fecha_hasta: vence });
    const respuesta = await llamar('GET', '/api/maestros/rangos-numeracion/alertas', superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    const alertas: string[] = respuesta.json().data.alertas;
    expect(alertas).toContain(MENSAJES_NUMERACION.aviso('AL', propia.codigo_tienda, 9, 10));
    expect(alertas).toContain(MENSAJES_NUMERACION.porVencer('AR', propia.codigo_tienda, vence.split('-').reverse().join('/')));
    const lista = await llamar('GET', `/api/maestros/rangos-numeracion?codigo_tienda=${propia.codigo_tienda}`, superAdmin.token);
    const al = lista.json().data.rangos_numeracion.find((r: { prefijo: string }) => r.prefijo === 'AL');
    expect(al).toMatchObject({ usados: 9, porcentaje_usado: 90, aviso: MENSAJES_NUMERACION.aviso('AL', propia.codigo_tienda, 9, 10) });
  });
});
