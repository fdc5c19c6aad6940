import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Acceso } from '@tablero/domain';

/** One /api route as its module declared it: what plugins/auth.ts reads in its onRoute and onRequest hooks. */
export interface RutaDeclarada {
  method: string;
  url: string;
  acceso: Acceso | undefined;
  tienda: 'requerida' | 'opcional' | undefined;
  schema: FastifySchema | undefined;
}

/** Every API route of `app` but the OpenAPI pages (which declare no access and are not behind auth), HEAD apart. */
export function rutasDeclaradas(app: FastifyInstance): RutaDeclarada[] {
  const rutas = app.rutasRegistradas.flatMap((ruta) =>
    ([] as string[]).concat(ruta.method).map((method) => ({ method, url: ruta.url, acceso: ruta.config?.acceso, tienda: ruta.config?.tienda, schema: ruta.schema })),
  );
  const vistas = new Set<string>();
  return rutas.filter((ruta) => {
    const clave = `${ruta.method} ${ruta.url}`;
    const esApi = ruta.url.startsWith('/api/');
    if (!esApi || ruta.url.startsWith('/api/docs') || ruta.method === 'HEAD' || vistas.has(clave)) return false;
    vistas.add(clave);
    return true;
  });
}

/** The URL of a route with every path parameter replaced by `valor`. */
export function urlCon(url: string, valor: string | number): string {
  return url.replace(/:\w+/g, String(valor));
}
