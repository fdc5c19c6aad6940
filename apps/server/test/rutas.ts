import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RutaRegistrada {
  method: HTTPMethods;
  url: string;
}

/**
 * Every route of a ready app, read from `printRoutes()` (routes are registered inside buildApp, before a
 * test could add an onRoute hook). Each tree line is a path segment under its parent, four columns per level,
 * with its methods in parentheses when it has handlers.
 */
export function rutasRegistradas(app: FastifyInstance): RutaRegistrada[] {
  const rutas: RutaRegistrada[] = [];
  const prefijos: string[] = [];
  for (const linea of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const partes = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(linea);
    if (!partes) continue;
    const nivel = (partes[1] ?? '').length / 4;
    const url = (prefijos[nivel - 1] ?? '') + (partes[2] ?? '');
    prefijos[nivel] = url;
    prefijos.length = nivel + 1;
    for (const method of (partes[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) {
      rutas.push({ method: method as HTTPMethods, url });
    }
  }
  return rutas;
}
