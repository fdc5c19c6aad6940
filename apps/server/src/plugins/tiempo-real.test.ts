import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORES, salaAprobadores } from '@tablero/domain';
import { construirApp, usarEntorno } from '../../test/app';
import { esperasDeReconexion } from './tiempo-real';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioConSesion } from '../../test/factories';
import { cerrarSockets, conectar, conexionesEscuchando, escuchar, esperarAdaptadores, esperarEvento, recogerEventos } from '../../test/tiempo-real';

const entorno = usarEntorno();

let url: string;
let tienda: TiendaPrueba;
let otraTienda: TiendaPrueba;
let vendedor: UsuarioConSesion;
let admin: UsuarioConSesion;

beforeAll(async () => {
  url = await escuchar(entorno.app);
  tienda = await crearTienda(entorno.db);
  otraTienda = await crearTienda(entorno.db);
  vendedor = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
  admin = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Administrador', tiendas: [tienda.codigo_tienda, otraTienda.codigo_tienda] });
});

afterEach(() => cerrarSockets());

const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the realtime handshake', () => {
  it('refuses a socket without a token, with a token that is not ours, and with a token whose session ended', async () => {
    await expect(conectar(url, null)).rejects.toMatchObject({ message: ERRORES.NO_AUTENTICADO.mensaje, data: { code: 'NO_AUTENTICADO' } });
    await expect(conectar(url, 'no-es-un-token')).rejects.toMatchObject({ data: { code: 'NO_AUTENTICADO' } });
    await expect(conectar(url, `${vendedor.token.slice(0, -4)}AAAA`)).rejects.toMatchObject({ data: { code: 'NO_AUTENTICADO' } });

    const otro = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const salida = await entorno.app.inject({ method: 'POST', url: '/api/salir', headers: headers(otro.token) });
    expect(salida.statusCode).toBe(200);
    await expect(conectar(url, otro.token)).rejects.toMatchObject({ message: ERRORES.SESION_EXPIRADA.mensaje, data: { code: 'SESION_EXPIRADA' } });
  });

  it('accepts a logged-in user over WebSocket and over long-polling', async () => {
    expect((await conectar(url, vendedor.token)).connected).toBe(true);
    const porPolling = await conectar(url, vendedor.token, ['polling']);
    expect(porPolling.connected).toBe(true);
    // Long-polling carries events too.
    const llega = esperarEvento(porPolling, 'descuentos:pendientes');
    entorno.app.tiempoReal.emitirAUsuario(vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 3 });
    expect(await llega).toEqual({ codigo_tienda: tienda.codigo_tienda, pendientes: 3 });
  });

  it('joins the user room, and the approvers of every store of an approver; a seller is no approver', async () => {
    const delVendedor = await conectar(url, vendedor.token);
    const delAdmin = await conectar(url, admin.token);
    const alVendedor = recogerEventos(delVendedor, 'descuentos:pendientes');
    const alAdmin = recogerEventos(delAdmin, 'descuentos:pendientes');

    entorno.app.tiempoReal.emitirASala(salaAprobadores(tienda.codigo_tienda), 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 1 });
    entorno.app.tiempoReal.emitirASala(salaAprobadores(otraTienda.codigo_tienda), 'descuentos:pendientes', { codigo_tienda: otraTienda.codigo_tienda, pendientes: 2 });
    entorno.app.tiempoReal.emitirAUsuario(vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 9 });
    await pausa(300);

    expect(alAdmin).toEqual([
      { codigo_tienda: tienda.codigo_tienda, pendientes: 1 },
      { codigo_tienda: otraTienda.codigo_tienda, pendientes: 2 },
    ]);
    expect(alVendedor).toEqual([{ codigo_tienda: tienda.codigo_tienda, pendientes: 9 }]);
  });

  it('ends the open socket of a session that was closed since', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda] });
    const socket = await conectar(url, usuario.token);
    const desconectado = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await entorno.app.tiempoReal.revisarSesiones()).toBe(0);

    await entorno.app.inject({ method: 'POST', url: '/api/salir', headers: headers(usuario.token) });
    expect(await entorno.app.tiempoReal.revisarSesiones()).toBe(1);
    expect(await desconectado).toBe('io server disconnect');
  });
});

describe('closing the app', () => {
  it('cuts its open sockets so that their clients reconnect, and closes promptly, adapter included', async () => {
    // Its own app (not the file's, which afterAll closes).
    const otra = await construirApp(entorno.db);
    const urlOtra = await escuchar(otra);
    const socket = await conectar(urlOtra, vendedor.token);
    const desconectado = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const inicio = Date.now();
    await otra.close();
    expect(Date.now() - inicio).toBeLessThan(3_000);
    // Cut, not dismissed: the client will try again (the server restarting, or another instance).
    expect(await desconectado).toBe('transport close');
  });
});

describe('several server instances on one database', () => {
  it('delivers an event emitted on one instance to a socket connected to another, through PostgreSQL', async () => {
    const otra = await entorno.otraApp();
    const urlOtra = await escuchar(otra);
    await esperarAdaptadores(entorno.db, 2);

    const enLaOtra = await conectar(urlOtra, vendedor.token);
    const enEsta = await conectar(url, vendedor.token);
    const llegaALaOtra = esperarEvento(enLaOtra, 'descuentos:pendientes');
    const llegaAEsta = esperarEvento(enEsta, 'descuentos:pendientes');
    entorno.app.tiempoReal.emitirAUsuario(vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 5 });
    expect(await llegaALaOtra).toEqual({ codigo_tienda: tienda.codigo_tienda, pendientes: 5 });
    expect(await llegaAEsta).toEqual({ codigo_tienda: tienda.codigo_tienda, pendientes: 5 });
  });

  it('sends the events asked for in one turn as one NOTIFY statement, and the other instance gets them all, in order', async () => {
    // The instances of the tests before this one still listen: wait for the new one's own listener.
    const yaEscuchaban = await conexionesEscuchando(entorno.db);
    const otra = await entorno.otraApp();
    const urlOtra = await escuchar(otra);
    await esperarAdaptadores(entorno.db, 1, yaEscuchaban);
    const enLaOtra = await conectar(urlOtra, vendedor.token);
    const recibidos = recogerEventos(enLaOtra, 'descuentos:pendientes');
    // Every statement the adapters' pools send with a pg_notify in it.
    const consulta = vi.spyOn(pg.Pool.prototype, 'query');
    try {
      for (const pendientes of [1, 2, 3]) entorno.app.tiempoReal.emitirAUsuario(vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes });
      await expect.poll(() => recibidos.length, { timeout: 5_000 }).toBe(3);
      expect(recibidos.map((evento) => evento.pendientes)).toEqual([1, 2, 3]);
      // The statements that carried the event (the instances' heartbeats are pg_notify statements too).
      const avisos = consulta.mock.calls.filter(([texto, valores]) => typeof texto === 'string' && texto.includes('pg_notify') && JSON.stringify(valores).includes('descuentos:pendientes'));
      expect(avisos).toHaveLength(1);
      expect(avisos[0]![1]).toHaveLength(6);
    } finally {
      consulta.mockRestore();
    }
  });

  it('keeps serving when the adapter loses its database connection, and delivers across instances again once it is back', async () => {
    // The instances of the tests before this one still listen: wait for the new one's own listener.
    const yaEscuchaban = await conexionesEscuchando(entorno.db);
    const otra = await entorno.otraApp();
    const urlOtra = await escuchar(otra);
    await esperarAdaptadores(entorno.db, 1, yaEscuchaban);

    // PostgreSQL ends every LISTEN connection of this database (what a restart or a failover does to them).
    const terminadas = await conexionesEscuchando(entorno.db);
    expect(terminadas.length).toBe(yaEscuchaban.length + 1);
    for (const pid of terminadas) await sql`select pg_terminate_backend(${pid})`.execute(entorno.db);

    // The servers are still up: the API answers and local sockets still get their events.
    const enEsta = await conectar(url, vendedor.token);
    const local = esperarEvento(enEsta, 'descuentos:pendientes');
    entorno.app.tiempoReal.emitirAUsuario(vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 7 });
    expect(await local).toEqual({ codigo_tienda: tienda.codigo_tienda, pendientes: 7 });
    expect((await entorno.app.inject({ method: 'GET', url: '/api/salud' })).statusCode).toBe(200);

    // The adapters reconnect by themselves (esperasDeReconexion) and the instances hear each other again.
    await esperarAdaptadores(entorno.db, terminadas.length, terminadas);
    const enLaOtra = await conectar(urlOtra, vendedor.token);
    const remoto = esperarEvento(enLaOtra, 'descuentos:pendientes');
    entorno.app.tiempoReal.emitirAUsuario(vendedor.id, 'descuentos:pendientes', { codigo_tienda: tienda.codigo_tienda, pendientes: 8 });
    expect(await remoto).toEqual({ codigo_tienda: tienda.codigo_tienda, pendientes: 8 });
    // One listener per instance again: no reconnection left a second one behind.
    expect(await conexionesEscuchando(entorno.db)).toHaveLength(terminadas.length);
  });
});

describe("the adapter listener's reconnection delays", () => {
  it('start near 50 ms, double up to 2 s while the database stays away, and start again once a connection listens', () => {
    const alMedio = esperasDeReconexion(() => 0.5);
    expect(Array.from({ length: 8 }, () => alMedio.siguiente())).toEqual([50, 100, 200, 400, 800, 1600, 2000, 2000]);
    alMedio.reiniciar();
    expect(alMedio.siguiente()).toBe(50);
    // Each delay is drawn between half and one and a half of its step, so instances cut together spread out.
    const pronto = esperasDeReconexion(() => 0);
    const tarde = esperasDeReconexion(() => 0.999);
    expect([pronto.siguiente(), tarde.siguiente()]).toEqual([25, 74]);
    for (let paso = 0; paso < 6; paso++) {
      pronto.siguiente();
      tarde.siguiente();
    }
    expect([pronto.siguiente(), tarde.siguiente()]).toEqual([1000, 2998]);
  });
});
