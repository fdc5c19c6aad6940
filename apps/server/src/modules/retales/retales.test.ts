import { ACCIONES, ERRORES, ID_MAXIMO, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_RETALES, puedeAcceder, RUTAS, type Acceso, type Retal } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearTienda,
  crearUsuariosPorRol,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// The offcut inventory's routes (docs/decisions-retales.md): refusals, the list and its filters, a hand-added offcut,
// its edit and discard with their ledger and audit rows, labels, and the cutting dialog's list.
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let bodega: UsuarioConSesion;
let tablero: number;
let herraje: number;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ajena = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  bodega = porRol.Bodega;
  const base = { impuesto_id: (await crearImpuesto(db, { porcentaje_impuesto: 0 })).id, proveedor_id: (await crearProveedor(db)).id };
  tablero = (
    await crearProducto(db, {
      ...base,
      referencia: 'MEL-ÑANDÚ-15',
      nombre_producto: 'Melamina Ñandú 15 mm',
      grupo_id: 1,
      linea_id: 1,
      tiendas: [
        { codigo_tienda: tienda.codigo_tienda, cantidad: 10, precio_unitario: 262_360 },
        { codigo_tienda: ajena.codigo_tienda, cantidad: 10, precio_unitario: 262_360 },
      ],
    })
  ).id;
  await db.updateTable('producto').set({ medida_largo: 2440, medida_ancho: 2150 }).where('id', '=', tablero).execute();
  herraje = (await crearProducto(db, { ...base, nombre_producto: 'Bisagra' })).id;
});

type Metodo = 'GET' | 'POST' | 'PUT';
const llamar = (method: Metodo, url: string, token: string | null, payload?: unknown, codigoTienda: string = tienda.codigo_tienda) =>
  entorno.app.inject({ method, url: `/api/${url}`, headers: token ? headers(token, codigoTienda) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const crear = async (cambios: Record<string, unknown> = {}, usuario = bodega, codigoTienda = tienda.codigo_tienda): Promise<number> => {
  const respuesta = await llamar('POST', 'retales', usuario.token, { producto_id: tablero, base: 800, altura: 600, ubicacion: 'Estante 3', ...cambios }, codigoTienda);
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data.id as number;
};
const movimientos = (retalId: number) => entorno.db.selectFrom('retal_movimiento').selectAll().where('retal_id', '=', retalId).orderBy('id').execute();
const auditoria = (tabla: string, registro: number) =>
  entorno.db.selectFrom('auditoria').select(['accion', 'modulo', 'usuario_id']).where('tabla', '=', tabla).where('registro', '=', String(registro)).orderBy('id').execute();
/** A role of the four that may not use `acceso` (Vendedor for Bodega's screen…). */
const rolSin = (acceso: Acceso) => ROLES_NO_SUPER_ADMIN.find((rol) => !puedeAcceder(rol, acceso))!;

describe('refusals of every route', () => {
  const RUTAS_BODEGA: [Metodo, string, unknown?][] = [
    ['GET', 'retales'],
    ['GET', 'retales/1'],
    ['POST', 'retales', { producto_id: 1, base: 300, altura: 300 }],
    ['PUT', 'retales/1', { base: 300, altura: 300, motivo: 'x' }],
    ['POST', 'retales/1/descartar', { motivo: 'x' }],
    ['POST', 'retales/etiquetas', { ids: [1] }],
    ['GET', 'retales/ahorro?desde=2026-01&hasta=2026-02'],
  ];
  it('answers 401 without a token, 403 to a role outside each route and to a store the user lacks', async () => {
    const todas: [Metodo, string, unknown?, Acceso?][] = [
      ...RUTAS_BODEGA.map(([m, u, b]) => [m, u, b, RUTAS.retales.acceso] as [Metodo, string, unknown, Acceso]),
      ['GET', `retales/disponibles?producto_id=${tablero}`, undefined, ACCIONES.retalesParaCorte.acceso],
      ['GET', 'retales/venta/1', undefined, ACCIONES.retalesDeCorte.acceso],
    ];
    for (const [metodo, url, cuerpo, acceso] of todas) {
      expect((await llamar(metodo, url, null, cuerpo)).statusCode, url).toBe(401);
      expect((await llamar(metodo, url, porRol[rolSin(acceso!)].token, cuerpo)).statusCode, url).toBe(403);
      const tiendaAjena = await llamar(metodo, url, superAdmin.token, cuerpo, ajena.codigo_tienda);
      expect(tiendaAjena.json().code, url).toBe('TIENDA_NO_PERMITIDA');
    }
  });

  it('answers 404 for another store\'s offcut and for ids no column holds, never 500', async () => {
    const ajenoId = (
      await entorno.db
        .insertInto('retal')
        .values({ codigo: 'RM-AJENO', codigo_tienda: ajena.codigo_tienda, producto_id: tablero, base: 500, altura: 500, estado: 'DISPONIBLE', origen: 'MANUAL' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const [metodo, url, cuerpo] of [
      ['GET', `retales/${ajenoId}`],
      ['PUT', `retales/${ajenoId}`, { base: 300, altura: 300, motivo: 'Recorte' }],
      ['POST', `retales/${ajenoId}/descartar`, { motivo: 'Dañado' }],
      ['POST', 'retales/etiquetas', { ids: [ajenoId] }],
      ['GET', `retales/${ID_MAXIMO + 1}`],
      ['GET', 'retales/abc'],
    ] as [Metodo, string, unknown?][]) {
      const respuesta = await llamar(metodo, url, bodega.token, cuerpo);
      expect(respuesta.statusCode, url).toBe(404);
    }
    expect((await llamar('GET', `retales/venta/${ID_MAXIMO}`, porRol.Operario.token)).statusCode).toBe(404);
  });

  it('refuses invalid input with 422 and the Spanish message on the field', async () => {
    const casos: [Metodo, string, unknown, string, string][] = [
      ['POST', 'retales', { producto_id: tablero, base: 800, altura: 600, ubicacion: 'Estante\u0000 3' }, 'ubicacion', MENSAJE_CARACTERES_NO_PERMITIDOS],
      ['POST', 'retales', { producto_id: ID_MAXIMO + 1, base: 800, altura: 600 }, 'producto_id', MENSAJES_RETALES.producto],
      ['POST', 'retales', { producto_id: tablero, base: 1e20, altura: 600 }, 'base', 'El valor máximo es 10,000'],
      ['POST', 'retales', { producto_id: tablero, base: 80.5, altura: 600 }, 'base', MENSAJES_RETALES.medidas],
      ['POST', 'retales', { producto_id: herraje, base: 800, altura: 600 }, 'producto_id', MENSAJES_RETALES.noEsTablero],
      ['POST', 'retales', { producto_id: ID_MAXIMO - 1, base: 800, altura: 600 }, 'producto_id', MENSAJES_RETALES.producto],
      ['POST', 'retales/etiquetas', { ids: [] }, 'ids', MENSAJES_RETALES.etiquetas],
      ['GET', 'retales?base_minima=abc', undefined, 'base_minima', MENSAJES_RETALES.medidas],
      ['GET', 'retales/ahorro?desde=2026-13&hasta=2026-12', undefined, 'desde', MENSAJES_RETALES.mes],
      ['GET', 'retales/ahorro?desde=2024-01&hasta=2026-12', undefined, 'hasta', MENSAJES_RETALES.rangoMeses],
    ];
    for (const [metodo, url, cuerpo, campo, mensaje] of casos) {
      const respuesta = await llamar(metodo, url, bodega.token, cuerpo);
      expect(respuesta.statusCode, `${url} ${JSON.stringify(cuerpo)}`).toBe(422);
      expect(respuesta.json().errors[campo], url).toContain(mensaje);
    }
    const corto = await llamar('POST', 'retales', bodega.token, { producto_id: tablero, base: 150, altura: 600 });
    expect(corto.statusCode).toBe(422);
    expect(corto.json().errors.base[0]).toMatch(/al menos 200 mm/);
    expect((await llamar('GET', 'retales/disponibles?producto_id=x', porRol.Vendedor.token)).statusCode).toBe(422);
  });
});

describe('a hand-added offcut: create, list, edit, discard, labels', () => {
  it('creates RM{id} with its ALTA_MANUAL row and audit, lists it with its value and finds it without accents', async () => {
    const id = await crear();
    const fila = await entorno.db.selectFrom('retal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(fila).toMatchObject({ codigo: `RM${id}`, estado: 'DISPONIBLE', origen: 'MANUAL', base: 800, altura: 600, ubicacion: 'Estante 3', user_id: bodega.id, codigo_tienda: tienda.codigo_tienda });
    expect(await movimientos(id)).toMatchObject([{ tipo: 'ALTA_MANUAL', estado_anterior: null, estado_nuevo: 'DISPONIBLE', base: 800, altura: 600, user_id: bodega.id }]);
    expect(await auditoria('retal', id)).toEqual([{ accion: 'crear', modulo: 'retales', usuario_id: bodega.id }]);

    const lista = await llamar('GET', `retales?query=nandu&base_minima=590&altura_minima=790`, bodega.token);
    expect(lista.statusCode, lista.body).toBe(200);
    const datos = lista.json().data;
    const retal = (datos.retales.data as Retal[]).find((r) => r.id === id)!;
    // 0.48 m² of a 5.246 m² board at $ 262,360: $ 24,005.49 (the board's price per m², numeric in PostgreSQL).
    expect(retal).toMatchObject({ codigo: `RM${id}`, area_m2: 0.48, valor: 24_005.49, estado: 'DISPONIBLE', dias: 0, nombre_producto: 'Melamina Ñandú 15 mm' });
    expect(datos.lado_minimo).toBe(200);
    expect(datos.totales.cantidad).toBe(datos.retales.total);
    expect((await llamar('GET', 'retales?base_minima=801&altura_minima=801', bodega.token)).json().data.retales.data.find((r: Retal) => r.id === id)).toBeUndefined();
    // By the rack it lies on, in any case and without its accents, as by its material.
    await entorno.db.updateTable('retal').set({ ubicacion: 'Bodega Gómez, estante 3' }).where('id', '=', id).execute();
    const porUbicacion = await llamar('GET', 'retales?query=GOMEZ%20estante&per_page=100', bodega.token);
    expect((porUbicacion.json().data.retales.data as Retal[]).map((r) => r.id)).toContain(id);
    const otraUbicacion = await llamar('GET', 'retales?query=gomez%20bodegas&per_page=100', bodega.token);
    expect((otraUbicacion.json().data.retales.data as Retal[]).map((r) => r.id)).not.toContain(id);
    const detalle = await llamar('GET', `retales/${id}`, superAdmin.token);
    expect(detalle.json().data).toMatchObject({ retal: { id, codigo: `RM${id}` }, movimientos: [{ tipo: 'ALTA_MANUAL', usuario: expect.any(String) }] });
  });

  it('edits a free offcut (EDICION) and discards it (DESCARTE); a discarded one is not editable (409)', async () => {
    const id = await crear();
    const editado = await llamar('PUT', `retales/${id}`, bodega.token, { base: 700, altura: 550, ubicacion: 'Estante 1', motivo: 'Se recortó un borde golpeado' });
    expect(editado.json()).toEqual({ message: MENSAJES_RETALES.retalActualizado });
    const descartado = await llamar('POST', `retales/${id}/descartar`, bodega.token, { motivo: 'Humedad' });
    expect(descartado.json()).toEqual({ message: MENSAJES_RETALES.retalDescartado });
    expect(await entorno.db.selectFrom('retal').select(['estado', 'base', 'altura', 'ubicacion']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      estado: 'DESCARTADO',
      base: 700,
      altura: 550,
      ubicacion: 'Estante 1',
    });
    expect((await movimientos(id)).map((m) => [m.tipo, m.estado_nuevo, m.base, m.motivo])).toEqual([
      ['ALTA_MANUAL', 'DISPONIBLE', 800, null],
      ['EDICION', 'DISPONIBLE', 700, 'Se recortó un borde golpeado'],
      ['DESCARTE', 'DESCARTADO', 700, 'Humedad'],
    ]);
    expect((await auditoria('retal', id)).map((a) => a.accion)).toEqual(['crear', 'editar', 'editar']);
    for (const [metodo, url, cuerpo] of [
      ['PUT', `retales/${id}`, { base: 600, altura: 500, motivo: 'Otra vez' }],
      ['POST', `retales/${id}/descartar`, { motivo: 'Otra vez' }],
    ] as [Metodo, string, unknown][]) {
      const respuesta = await llamar(metodo, url, bodega.token, cuerpo);
      expect(respuesta.statusCode).toBe(409);
      expect(respuesta.json()).toMatchObject({ code: 'RETAL_NO_EDITABLE', message: ERRORES.RETAL_NO_EDITABLE.mensaje });
    }
    expect((await llamar('GET', 'retales?estado=DESCARTADO', bodega.token)).json().data.retales.data.map((r: Retal) => r.id)).toContain(id);
  });

  it('signs a link to the labels PDF of the store\'s offcuts, served without a session', async () => {
    const ids = [await crear(), await crear({ base: 1200, altura: 300 })];
    const respuesta = await llamar('POST', 'retales/etiquetas', bodega.token, { ids });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const url = respuesta.json().data.url as string;
    expect(url).toMatch(/^\/api\/public\/retales\/etiquetas\//);
    const pdf = await entorno.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await entorno.app.inject({ method: 'GET', url: `${url}x` })).statusCode).toBe(404);
  });

  it('offers the seller the free offcuts of a material, largest first', async () => {
    const grande = await crear({ base: 2000, altura: 1000 });
    const respuesta = await llamar('GET', `retales/disponibles?producto_id=${tablero}`, porRol.Vendedor.token);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const retales = respuesta.json().data.retales as Retal[];
    expect(retales[0]!.id).toBe(grande);
    expect(retales.every((r) => r.estado === 'DISPONIBLE' && r.producto_id === tablero)).toBe(true);
  });
});
