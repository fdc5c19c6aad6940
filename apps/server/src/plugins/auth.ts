import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { puedeAcceder, type Acceso, type Rol } from '@tablero/domain';
import type { ActorUsuario } from '../db/transaccion';
import { AppError } from '../lib/app-error';
import { crearLectorTokens } from '../lib/tokens';
import * as conexionesService from '../modules/conexiones';

export interface SesionActual {
  userId: number;
  name: string;
  email: string;
  role: Rol;
  conexionId: number;
}

/** A session as verificarSesion reads it: the user and whether the named store is one of theirs. */
export interface SesionVerificada extends SesionActual {
  activo: boolean;
  tieneTienda: boolean;
}

export const CABECERA_TIENDA = 'x-codigo-tienda';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must declare it (checked at start-up). */
    acceso?: Acceso;
    /** 'requerida' when the route works in the context of one store and refuses a call without one. */
    tienda?: 'requerida' | 'opcional';
  }
  interface FastifyInstance {
    /**
     * The open session behind a bearer token, checked as every /api route checks it (signature and expiry, then its
     * connection still open and its user active); throws the AppError the route would answer. The realtime
     * handshake (plugins/tiempo-real.ts) authenticates with it too.
     */
    verificarSesion: (token: string | null, codigoTienda: string | null) => Promise<SesionVerificada>;
  }
  interface FastifyRequest {
    sesion: SesionActual | null;
    /** The store of the store header, checked against the user's stores; null when none was sent. */
    codigoTienda: string | null;
  }
}

function leerBearer(request: FastifyRequest): string | null {
  const cabecera = request.headers.authorization;
  if (!cabecera) return null;
  const [tipo, token] = cabecera.split(' ');
  return tipo?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The session of a request that requires one; route handlers behind a non-public route can rely on it. */
export function sesionDe(request: FastifyRequest): SesionActual {
  if (!request.sesion) throw new AppError('NO_AUTENTICADO');
  return request.sesion;
}

/** The store of a request whose route declares `tienda: 'requerida'`. */
export function tiendaDe(request: FastifyRequest): string {
  if (!request.codigoTienda) throw new AppError('TIENDA_REQUERIDA');
  return request.codigoTienda;
}

/** Who runs a use case on behalf of this request: its user, role and store (see db/transaccion.ts). */
export function actorDe(request: FastifyRequest): ActorUsuario {
  const sesion = sesionDe(request);
  return { userId: sesion.userId, role: sesion.role, codigoTienda: request.codigoTienda, conexionId: sesion.conexionId };
}

/**
 * Authentication, store context and role guard, before validation so that a caller without a
 * token learns 401 (not 422). Order of refusals: no or bad token 401 → role 403 → store 403 → missing store 422.
 */
export const authPlugin = fp(async (app: FastifyInstance, opciones: { secreto: string }) => {
  app.decorateRequest('sesion', null);
  app.decorateRequest('codigoTienda', null);
  const leerToken = crearLectorTokens(opciones.secreto);

  app.decorate('verificarSesion', async (token: string | null, codigoTienda: string | null): Promise<SesionVerificada> => {
    if (!token) throw new AppError('NO_AUTENTICADO');
    const claims = await leerToken(token);
    if (claims === 'expirado') throw new AppError('SESION_EXPIRADA');
    if (!claims) throw new AppError('NO_AUTENTICADO');
    const sesion = await conexionesService.leerSesion(app.db, claims, codigoTienda);
    if (!sesion) throw new AppError('SESION_EXPIRADA');
    if (!sesion.activo) throw new AppError('USUARIO_INACTIVO');
    return sesion;
  });

  // Every API route states who may call it: a route without `acceso` would be open by accident.
  app.addHook('onRoute', (ruta) => {
    const esApi = ruta.url === '/api' || ruta.url.startsWith('/api/');
    const esDocs = ruta.url === '/api/docs' || ruta.url.startsWith('/api/docs/');
    if (esApi && !esDocs && !ruta.config?.acceso) {
      throw new Error(`La ruta ${ruta.method} ${ruta.url} no declara su acceso`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const acceso = request.routeOptions.config.acceso;
    if (!acceso || acceso === 'publico') return;

    const token = leerBearer(request);
    if (!token) throw new AppError('NO_AUTENTICADO');
    const cabeceraTienda = request.headers[CABECERA_TIENDA];
    const codigoTienda = typeof cabeceraTienda === 'string' && cabeceraTienda.trim() ? cabeceraTienda.trim() : null;
    const sesion = await app.verificarSesion(token, codigoTienda);
    if (!puedeAcceder(sesion.role, acceso)) throw new AppError('ROL_NO_PERMITIDO');
    if (codigoTienda && !sesion.tieneTienda) throw new AppError('TIENDA_NO_PERMITIDA');
    if (!codigoTienda && request.routeOptions.config.tienda === 'requerida') throw new AppError('TIENDA_REQUERIDA');

    request.sesion = {
      userId: sesion.userId,
      name: sesion.name,
      email: sesion.email,
      role: sesion.role,
      conexionId: sesion.conexionId,
    };
    request.codigoTienda = codigoTienda;
  });
});
