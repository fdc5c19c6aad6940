import { ERRORES, hoyNegocio, MENSAJE_CARACTERES_NO_PERMITIDOS, MENSAJES_DINERO, MENSAJES_EGRESOS_INGRESOS as M, sumarMeses } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearEgreso,
  crearIngreso,
  crearTienda,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let otra: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<(typeof ROLES_NO_SUPER_ADMIN)[number], UsuarioConSesion>;
/** A SuperAdministrador of `otra` only. */
let deOtra: UsuarioConSesion;
const hoy = hoyNegocio();
/** The first day of last month: a date of a month that can be closed. */
const mesPasado = `${sumarMeses(hoy, -1).slice(0, 7)}-01`;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  otra = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  await entorno.db.insertInto('usuario_tienda').values({ user_id: superAdmin.id, codigo_tienda: otra.codigo_tienda }).execute();
  deOtra = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [otra.codigo_tienda] });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, codigoTienda: string | null = tienda.codigo_tienda) =>
  entorno.app.inject({
    method,
    url,
    headers: token ? headers(token, codigoTienda ?? undefined) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Closes a store's month as the periods module does (its row), so every write dated in it is refused. */
async function cerrarMes(codigoTienda: string, fecha: string) {
  await entorno.db
    .insertInto('periodo_cerrado')
    .values({ codigo_tienda: codigoTienda, anio: Number(fecha.slice(0, 4)), mes: Number(fecha.slice(5, 7)), cerrado: true, resumen: '{}', fecha_cierre: new Date() })
    .execute();
}
const mensajeCerrado = (codigoTienda: string, fecha: string) =>
  `El mes ${fecha.slice(0, 7)} de la tienda ${codigoTienda} está cerrado: no admite movimientos con esa fecha`;

/** Expenses and income behave alike: the same suite runs on each, with its own field names and texts. */
const TIPOS = [
  {
    tipo: 'egreso' as const,
    ruta: 'egresos',
    registrado: M.egresoRegistrado,
    actualizado: M.egresoActualizado,
    noEncontrado: ERRORES.EGRESO_NO_ENCONTRADO.mensaje,
    crear: crearEgreso,
    cuerpo: (cambios: Record<string, unknown> = {}) => ({
      fecha_egreso: hoy,
      forma_pago_id: 1,
      valor_egreso: '125,000.50',
      descripcion_egreso: 'Pago de transporte',
      ...cambios,
    }),
    campo: (nombre: string) => `${nombre}_egreso`,
  },
  {
    tipo: 'ingreso' as const,
    ruta: 'ingresos',
    registrado: M.ingresoRegistrado,
    actualizado: M.ingresoActualizado,
    noEncontrado: ERRORES.INGRESO_NO_ENCONTRADO.mensaje,
    crear: crearIngreso,
    cuerpo: (cambios: Record<string, unknown> = {}) => ({
      fecha_ingreso: hoy,
      forma_pago_id: 1,
      valor_ingreso: '125,000.50',
      descripcion_ingreso: 'Base de caja',
      ...cambios,
    }),
    campo: (nombre: string) => `${nombre}_ingreso`,
  },
];

for (const t of TIPOS) {
  const tabla = t.tipo;
  const historial = `${t.tipo}_historial` as const;
  const filas = () => entorno.db.selectFrom(tabla).selectAll().orderBy('id').execute();
  const filasHistorial = () => entorno.db.selectFrom(historial).selectAll().orderBy('id').execute();

  describe(`${t.ruta}: refusals`, () => {
    let existente: number;
    beforeAll(async () => {
      existente = await t.crear(entorno.db, { codigo_tienda: tienda.codigo_tienda });
    });
    const rutas = () => [
      { nombre: `POST /${t.ruta}/guardar`, metodo: 'POST' as const, url: `/api/${t.ruta}/guardar`, cuerpo: t.cuerpo(), escribe: true },
      { nombre: `GET /${t.ruta}/{id}`, metodo: 'GET' as const, url: `/api/${t.ruta}/${existente}`, escribe: false },
      { nombre: `PUT /${t.ruta}/{id}/actualizar`, metodo: 'PUT' as const, url: `/api/${t.ruta}/${existente}/actualizar`, cuerpo: t.cuerpo(), escribe: true },
    ];

    it('401 without a token, 403 for every role but SuperAdministrador, 403 in a store not of the user, 422 without a store on writes; nothing written', async () => {
      const antes = { filas: await filas(), historial: await filasHistorial() };
      for (const ruta of rutas()) {
        const sinToken = await llamar(ruta.metodo, ruta.url, null, ruta.cuerpo);
        expect(sinToken.statusCode, ruta.nombre).toBe(401);
        for (const rol of ROLES_NO_SUPER_ADMIN) {
          const respuesta = await llamar(ruta.metodo, ruta.url, porRol[rol].token, ruta.cuerpo);
          expect(respuesta.statusCode, `${ruta.nombre} ${rol}`).toBe(403);
          expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
        }
        const ajenaRespuesta = await llamar(ruta.metodo, ruta.url, superAdmin.token, ruta.cuerpo, ajena.codigo_tienda);
        expect(ajenaRespuesta.statusCode, ruta.nombre).toBe(403);
        expect(ajenaRespuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
        if (ruta.escribe) {
          const sinTienda = await llamar(ruta.metodo, ruta.url, superAdmin.token, ruta.cuerpo, null);
          expect(sinTienda.statusCode, ruta.nombre).toBe(422);
          expect(sinTienda.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
        }
      }
      expect({ filas: await filas(), historial: await filasHistorial() }).toEqual(antes);
    });

    it('403 reading or editing a row of a store the user does not belong to, whatever store is selected', async () => {
      const deLaOtra = await t.crear(entorno.db, { codigo_tienda: otra.codigo_tienda });
      const propia = await t.crear(entorno.db, { codigo_tienda: tienda.codigo_tienda });
      // deOtra belongs to `otra` only: the row of `tienda` is not theirs.
      expect((await llamar('GET', `/api/${t.ruta}/${propia}`, deOtra.token, undefined, otra.codigo_tienda)).statusCode).toBe(403);
      const put = await llamar('PUT', `/api/${t.ruta}/${propia}/actualizar`, deOtra.token, t.cuerpo(), otra.codigo_tienda);
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
      // superAdmin belongs to both: a row of `otra` is theirs with `tienda` selected (the daily cash lists both).
      expect((await llamar('GET', `/api/${t.ruta}/${deLaOtra}`, superAdmin.token)).statusCode).toBe(200);
    });

    it('404 for an id that does not exist or that no row can have (0, 2^31, text)', async () => {
      for (const id of ['999999', '0', String(2 ** 31), 'abc', '1.5']) {
        for (const [metodo, url] of [
          ['GET', `/api/${t.ruta}/${id}`],
          ['PUT', `/api/${t.ruta}/${id}/actualizar`],
        ] as const) {
          const respuesta = await llamar(metodo, url, superAdmin.token, metodo === 'PUT' ? t.cuerpo() : undefined);
          expect(respuesta.statusCode, `${metodo} ${id}`).toBe(404);
          if (id === '999999') expect(respuesta.json().message).toBe(t.noEncontrado);
        }
      }
    });

    it("422 'Debe ingresar todos los campos solicitados' for any missing field, on save and on edit", async () => {
      const antes = await filas();
      for (const campo of [t.campo('fecha'), 'forma_pago_id', t.campo('valor'), t.campo('descripcion')]) {
        for (const vacio of [undefined, null, '', '   ']) {
          const cuerpo: Record<string, unknown> = t.cuerpo({ [campo]: vacio });
          if (vacio === undefined) delete cuerpo[campo];
          for (const [metodo, url] of [
            ['POST', `/api/${t.ruta}/guardar`],
            ['PUT', `/api/${t.ruta}/${existente}/actualizar`],
          ] as const) {
            const respuesta = await llamar(metodo, url, superAdmin.token, cuerpo);
            expect(respuesta.statusCode, `${metodo} ${campo}=${String(vacio)}`).toBe(422);
            expect(respuesta.json().message).toBe(M.camposSolicitados);
            expect(respuesta.json().errors[campo]).toEqual([M.camposSolicitados]);
          }
        }
      }
      for (const cuerpo of [{}, []]) {
        const respuesta = await llamar('POST', `/api/${t.ruta}/guardar`, superAdmin.token, cuerpo);
        expect(respuesta.statusCode).toBe(422);
        expect(respuesta.json().message).toBe(M.camposSolicitados);
      }
      expect(await filas()).toEqual(antes);
    });

    it('422, never 500, for a NUL byte, huge or odd numbers, bad dates, future dates and methods that move no money', async () => {
      const antes = await filas();
      const casos: [Record<string, unknown>, string][] = [
        [{ [t.campo('descripcion')]: 'Caja\u0000menor' }, MENSAJE_CARACTERES_NO_PERMITIDOS],
        [{ [t.campo('valor')]: 1e300 }, MENSAJES_DINERO.maximo],
        [{ [t.campo('valor')]: '99999999999999999999999' }, MENSAJES_DINERO.maximo],
        [{ [t.campo('valor')]: 1_000_000_000_000 }, MENSAJES_DINERO.maximo],
        [{ [t.campo('valor')]: '10.555' }, MENSAJES_DINERO.decimales],
        [{ [t.campo('valor')]: 0 }, M.valorCero],
        [{ [t.campo('valor')]: -5 }, M.valorCero],
        [{ [t.campo('valor')]: '2,5' }, M.camposSolicitados],
        [{ [t.campo('valor')]: 'NaN' }, M.camposSolicitados],
        [{ [t.campo('valor')]: { a: 1 } }, M.camposSolicitados],
        [{ [t.campo('fecha')]: '2026-02-30' }, M.camposSolicitados],
        [{ [t.campo('fecha')]: '30/01/2026' }, M.camposSolicitados],
        [{ [t.campo('fecha')]: sumarMeses(hoy, 1) }, M.fechaFutura],
        [{ [t.campo('descripcion')]: 'x'.repeat(301) }, M.descripcionLarga],
        [{ forma_pago_id: 2 ** 31 }, M.formaPago],
        [{ forma_pago_id: 1.5 }, M.formaPago],
        [{ forma_pago_id: 'efectivo' }, M.formaPago],
        [{ forma_pago_id: 999 }, M.formaPago],
        [{ forma_pago_id: 6 }, M.formaNoPermitida],
        [{ forma_pago_id: 8 }, M.formaNoPermitida],
      ];
      for (const [cambios, mensaje] of casos) {
        for (const [metodo, url] of [
          ['POST', `/api/${t.ruta}/guardar`],
          ['PUT', `/api/${t.ruta}/${existente}/actualizar`],
        ] as const) {
          const respuesta = await llamar(metodo, url, superAdmin.token, t.cuerpo(cambios));
          expect(respuesta.statusCode, `${metodo} ${JSON.stringify(cambios)}`).toBe(422);
          expect(respuesta.json().message, JSON.stringify(cambios)).toBe(mensaje);
        }
      }
      expect(await filas()).toEqual(antes);
    });

    it('409 naming the month and the store for a write dated in a closed month, and for an edit of a row dated in one', async () => {
      const tiendaCerrada = await crearTienda(entorno.db);
      await entorno.db.insertInto('usuario_tienda').values({ user_id: superAdmin.id, codigo_tienda: tiendaCerrada.codigo_tienda }).execute();
      const enMesCerrado = await t.crear(entorno.db, { codigo_tienda: tiendaCerrada.codigo_tienda, fecha: mesPasado });
      const abierto = await t.crear(entorno.db, { codigo_tienda: tiendaCerrada.codigo_tienda, fecha: hoy });
      await cerrarMes(tiendaCerrada.codigo_tienda, mesPasado);
      const antes = { filas: await filas(), historial: await filasHistorial() };
      const esperado = mensajeCerrado(tiendaCerrada.codigo_tienda, mesPasado);
      const intentos = [
        llamar('POST', `/api/${t.ruta}/guardar`, superAdmin.token, t.cuerpo({ [t.campo('fecha')]: mesPasado }), tiendaCerrada.codigo_tienda),
        // Moving a row of an open month into the closed one.
        llamar('PUT', `/api/${t.ruta}/${abierto}/actualizar`, superAdmin.token, t.cuerpo({ [t.campo('fecha')]: mesPasado }), tiendaCerrada.codigo_tienda),
        // Moving a row out of the closed month, or changing it there.
        llamar('PUT', `/api/${t.ruta}/${enMesCerrado}/actualizar`, superAdmin.token, t.cuerpo({ [t.campo('fecha')]: hoy }), tiendaCerrada.codigo_tienda),
        llamar('PUT', `/api/${t.ruta}/${enMesCerrado}/actualizar`, superAdmin.token, t.cuerpo({ [t.campo('fecha')]: mesPasado }), tiendaCerrada.codigo_tienda),
      ];
      for (const respuesta of await Promise.all(intentos)) {
        expect(respuesta.statusCode).toBe(409);
        expect(respuesta.json()).toMatchObject({ code: 'PERIODO_CERRADO', message: esperado });
      }
      expect({ filas: await filas(), historial: await filasHistorial() }).toEqual(antes);
      // The same month of another store is open.
      expect((await llamar('POST', `/api/${t.ruta}/guardar`, superAdmin.token, t.cuerpo({ [t.campo('fecha')]: mesPasado }))).statusCode).toBe(200);
    });
  });

  describe(`${t.ruta}: happy path`, () => {
    it('saves in the selected store with the acting user, reads it back, and an edit keeps the previous values in the history', async () => {
      const guardado = await llamar('POST', `/api/${t.ruta}/guardar`, superAdmin.token, t.cuerpo());
      expect(guardado.statusCode).toBe(200);
      const { message, data } = guardado.json();
      expect(message).toBe(t.registrado);
      const registro = data[t.tipo];
      expect(registro).toMatchObject({
        codigo_tienda: tienda.codigo_tienda,
        [t.campo('fecha')]: hoy,
        forma_pago_id: 1,
        nombre_forma_pago: 'Efectivo',
        [t.campo('valor')]: 125000.5,
        [t.campo('descripcion')]: t.tipo === 'egreso' ? 'Pago de transporte' : 'Base de caja',
        usuario_responsable: superAdmin.id,
        nombre_usuario: superAdmin.name,
      });
      const fila = await entorno.db.selectFrom(tabla).selectAll().where('id', '=', registro.id).executeTakeFirstOrThrow();
      expect(fila).toMatchObject({ codigo_tienda: tienda.codigo_tienda, forma_pago_id: 1, usuario_responsable: superAdmin.id, usuario_actualiza: null });
      expect(fila[t.campo('valor') as keyof typeof fila]).toBe('125000.50');

      const leido = await llamar('GET', `/api/${t.ruta}/${registro.id}`, superAdmin.token);
      expect(leido.statusCode).toBe(200);
      expect(leido.json().data[t.tipo]).toEqual(registro);

      // An editor other than the one who recorded it: the responsible user stays, the editor is recorded.
      const editor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
      const inicioDelMes = `${hoy.slice(0, 8)}01`;
      const cambios = { [t.campo('fecha')]: inicioDelMes, forma_pago_id: 4, [t.campo('valor')]: 99.99, [t.campo('descripcion')]: 'Corregido' };
      const editado = await llamar('PUT', `/api/${t.ruta}/${registro.id}/actualizar`, editor.token, t.cuerpo(cambios));
      expect(editado.statusCode).toBe(200);
      expect(editado.json().message).toBe(t.actualizado);
      expect(editado.json().data[t.tipo]).toMatchObject({ ...cambios, id: registro.id, usuario_responsable: superAdmin.id, nombre_forma_pago: 'Transferencia bancaria' });

      const despues = await entorno.db.selectFrom(tabla).selectAll().where('id', '=', registro.id).executeTakeFirstOrThrow();
      expect(despues).toMatchObject({ codigo_tienda: tienda.codigo_tienda, usuario_responsable: superAdmin.id, usuario_actualiza: editor.id, forma_pago_id: 4 });
      expect(despues.fecha_actualiza.getTime()).toBeGreaterThanOrEqual(fila.fecha_actualiza.getTime());
      const historia = await entorno.db
        .selectFrom(historial)
        .selectAll()
        .where(`${t.tipo}_id` as never, '=', registro.id as never)
        .execute();
      expect(historia).toHaveLength(1);
      expect(historia[0]).toMatchObject({
        [t.campo('fecha')]: hoy,
        forma_pago_id: 1,
        [t.campo('valor')]: '125000.50',
        [t.campo('descripcion')]: fila[t.campo('descripcion') as keyof typeof fila],
        user_id: editor.id,
      });

      // A second edit adds a second history row with the values of the first edit.
      await llamar('PUT', `/api/${t.ruta}/${registro.id}/actualizar`, superAdmin.token, t.cuerpo());
      const historia2 = await entorno.db
        .selectFrom(historial)
        .selectAll()
        .where(`${t.tipo}_id` as never, '=', registro.id as never)
        .orderBy('id')
        .execute();
      expect(historia2).toHaveLength(2);
      expect(historia2[1]).toMatchObject({ forma_pago_id: 4, [t.campo('valor')]: '99.99', user_id: superAdmin.id });
    });
  });
}
