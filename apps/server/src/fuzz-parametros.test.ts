import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { usarEntorno } from '../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba, type UsuarioConSesion } from '../test/factories';
import { diferenciasFoto, esZod, forma, preparadorFoto, rutasDeclaradas, type RutaDeclarada } from '../test/rutas-declaradas';

/**
 * Fuzzing of the path parameters and query strings of every /api route (docs/decisions-operacion.md): ids that name no
 * row or no number at all (0, -1, 2^31, 2^63, 'abc', a NUL byte, 10,000 characters, '../'), and query strings shaped
 * after the route's own querystring schema with bad values and junk keys, sent by SuperAdministrador (who passes every
 * role list) in its store. Never a 500, and none of it writes: a snapshot of the database around each route is
 * unchanged.
 */
const entorno = usarEntorno();

/** Queries per route with a querystring schema; each is one request. */
const CONSULTAS_POR_RUTA = 12;
const SEMILLA = 2105;

/** Path values, already URL-encoded as a client would send them (raw ones too: a bare '%' and '../'). */
const VALORES_RUTA = [
  '0',
  '-1',
  '2147483648',
  '9223372036854775808',
  '1.5',
  '1e3',
  'abc',
  '%00',
  '1%00',
  'x'.repeat(10_000),
  '9'.repeat(400),
  '..%2F..%2Fetc%2Fpasswd',
  '../..',
  '%',
  '%ZZ',
  '%20',
  "'%3B%20drop%20table%20venta%3B--",
];

/** Query strings no schema describes: junk keys, repeated keys, broken escapes, prototype names. */
const CONSULTAS_BASURA = [
  '?%',
  '?a=%ZZ',
  '?=&&=&',
  '?__proto__[x]=1&constructor=1&prototype=1',
  '?page=1&page=2&page=abc',
  '?page=%00',
  `?x=${'y'.repeat(10_000)}`,
  '?a[b][c]=1&a[]=2',
];

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let rutas: RutaDeclarada[];
let foto: () => Promise<Map<string, string>>;
const cuenta = { rutasConParametros: 0, rutasConConsulta: 0, casos: 0, errores500: 0, escrituras: 0 };
/** Answers by status, printed at the end: shows how far the requests got (validation, the handler, a 2xx). */
const porEstado = new Map<number, number>();

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  superAdmin = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [tienda.codigo_tienda] });
  await entorno.app.ready();
  // Logging out ends the caller's session: it has neither path parameters nor a query, but keep it out for sure.
  rutas = rutasDeclaradas(entorno.app).filter((r) => r.url !== '/api/salir');
  foto = await preparadorFoto(entorno.db, ['inventario', 'tercero', 'cuenta_credito', 'venta', 'conexion', 'parametro']);
});

afterAll(() => {
  console.log(
    `[fuzz-parámetros] rutas con parámetros: ${cuenta.rutasConParametros}, con consulta: ${cuenta.rutasConConsulta}, casos: ${cuenta.casos}, ` +
      `500: ${cuenta.errores500}, escrituras: ${cuenta.escrituras}; por estado: ${JSON.stringify(Object.fromEntries([...porEstado].sort(([a], [b]) => a - b)))}`,
  );
});

function semillaDe(texto: string): number {
  let h = SEMILLA;
  for (const c of texto) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** A query string for `valores`: scalars as text, arrays as repeated keys, objects and the rest as JSON. */
function consultaDe(valores: unknown): string {
  const params = new URLSearchParams();
  const texto = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));
  if (typeof valores === 'object' && valores !== null && !Array.isArray(valores)) {
    for (const [clave, valor] of Object.entries(valores)) {
      if (Array.isArray(valor)) for (const v of valor) params.append(clave, texto(v));
      else params.append(clave, texto(valor));
    }
  } else {
    params.append('valor', texto(valores));
  }
  return params.toString();
}

/** A body the route's schema refuses or not: the empty object, enough to reach (or not) the handler past parsing. */
function cuerpoDe(ruta: RutaDeclarada) {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ruta.method) && ruta.schema?.body ? { payload: {} } : {};
}

async function llamar(ruta: RutaDeclarada, url: string, fallos: string[]) {
  cuenta.casos += 1;
  const respuesta = await entorno.app.inject({
    method: ruta.method as 'GET',
    url,
    headers: headers(superAdmin.token, tienda.codigo_tienda),
    ...cuerpoDe(ruta),
  });
  porEstado.set(respuesta.statusCode, (porEstado.get(respuesta.statusCode) ?? 0) + 1);
  if (respuesta.statusCode >= 500) {
    cuenta.errores500 += 1;
    fallos.push(`${ruta.method} ${url.slice(0, 300)} → ${respuesta.statusCode} ${respuesta.body.slice(0, 200)}`);
  }
}

/** A snapshot around `accion`: none of these requests names a real row or passes validation, so none may write. */
async function sinEscribir(ruta: RutaDeclarada, fallos: string[], accion: () => Promise<void>) {
  const escribe = ruta.method !== 'GET';
  const antes = escribe ? await foto() : undefined;
  await accion();
  if (antes) {
    const cambios = diferenciasFoto(antes, await foto());
    if (cambios.length > 0) {
      cuenta.escrituras += 1;
      fallos.push(`${ruta.method} ${ruta.url} escribió ${cambios.join('; ')}`);
    }
  }
}

describe('fuzzing the path parameters and query strings of every route', () => {
  it('never answers 500 to a bad path parameter, and writes nothing', async () => {
    const fallos: string[] = [];
    const conParametros = rutas.filter((r) => r.url.includes('/:'));
    expect(conParametros.length).toBeGreaterThan(40);
    for (const ruta of conParametros) {
      cuenta.rutasConParametros += 1;
      const nombres = ruta.url.match(/:\w+/g)!;
      await sinEscribir(ruta, fallos, async () => {
        // Each parameter in turn takes every bad value while the others name a row that does not exist.
        for (const nombre of nombres) {
          for (const valor of VALORES_RUTA) {
            const url = nombres.reduce((u, otro) => u.replace(otro, otro === nombre ? valor : '987654'), ruta.url);
            await llamar(ruta, url, fallos);
          }
        }
      });
    }
    expect(fallos).toEqual([]);
  }, 120_000);

  it('never answers 500 to a bad query string, and writes nothing', async () => {
    const fallos: string[] = [];
    const conConsulta = rutas.filter((r) => esZod(r.schema?.querystring));
    expect(conConsulta.length).toBeGreaterThan(20);
    for (const ruta of conConsulta) {
      cuenta.rutasConConsulta += 1;
      const base = ruta.url.replace(':userId', String(superAdmin.id)).replace(':storeId', tienda.codigo_tienda).replace(/:\w+/g, '987654');
      const consultas = fc.sample(forma(ruta.schema!.querystring as ZodType), { seed: semillaDe(`${ruta.method} ${ruta.url}`), numRuns: CONSULTAS_POR_RUTA });
      await sinEscribir(ruta, fallos, async () => {
        for (const consulta of consultas) await llamar(ruta, `${base}?${consultaDe(consulta)}`, fallos);
        for (const basura of CONSULTAS_BASURA) await llamar(ruta, `${base}${basura}`, fallos);
      });
    }
    expect(fallos).toEqual([]);
  }, 120_000);
});
