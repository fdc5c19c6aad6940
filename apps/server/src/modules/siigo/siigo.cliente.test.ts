import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { iniciarSiigoFalso, type OpcionesSiigoFalso, type SiigoFalso } from '../../../test/fakes/siigo-falso';
import { crearClienteSiigo, ErrorSiigo, ErrorTransitorioSiigo, type OpcionesClienteSiigo } from '.';

const entorno = usarEntorno();
const USUARIO = 'integracion@empresa.test';
const LLAVE = 'llave-de-acceso-de-prueba';
const PARTNER = 'TableroPruebas';
let siigo: SiigoFalso | undefined;

async function falso(opciones: OpcionesSiigoFalso = {}): Promise<SiigoFalso> {
  siigo = await iniciarSiigoFalso({ usuario: USUARIO, accessKey: LLAVE, ...opciones });
  return siigo;
}

function cliente(servidor: SiigoFalso, opciones: Partial<OpcionesClienteSiigo> = {}) {
  return crearClienteSiigo({ url: servidor.url, usuario: USUARIO, accessKey: LLAVE, partnerId: PARTNER, db: entorno.db, ...opciones });
}

const sesion = () => entorno.db.selectFrom('siigo_sesion').selectAll().executeTakeFirst();

beforeEach(async () => {
  // Each test starts without a stored token and with the whole minute's budget.
  await entorno.db.deleteFrom('siigo_sesion').execute();
  await entorno.db.deleteFrom('siigo_limite_solicitudes').execute();
});

afterEach(async () => {
  await siigo?.cerrar();
  siigo = undefined;
});

describe('Siigo token', () => {
  it('is asked for once, kept in the database for its company, and reused by another client instance', async () => {
    const servidor = await falso();
    const antes = Date.now();
    expect((await cliente(servidor).impuestos()).length).toBeGreaterThan(0);
    await cliente(servidor).gruposInventario();
    expect(servidor.estado.autenticaciones).toBe(1);
    expect(servidor.estado.ultimoPartnerId).toBe(PARTNER);

    const fila = await sesion();
    expect(fila).toMatchObject({ id: 1, url: servidor.url, usuario: USUARIO });
    // Siigo's expires_in (24 h) sets the expiry.
    expect(fila!.vence.getTime() - antes).toBeGreaterThan(23.9 * 3600_000);
    expect(fila!.vence.getTime() - antes).toBeLessThan(24.1 * 3600_000);
  });

  it('is renewed when less than an hour is left, or when it was issued for another Siigo company', async () => {
    const servidor = await falso();
    await entorno.db
      .insertInto('siigo_sesion')
      .values({ id: 1, access_token: 'casi-vencido', vence: sql<Date>`now() + interval '30 minutes'`, url: servidor.url, usuario: USUARIO })
      .execute();
    await cliente(servidor).impuestos();
    expect(servidor.estado.autenticaciones).toBe(1);
    expect((await sesion())!.access_token).not.toBe('casi-vencido');

    await entorno.db.updateTable('siigo_sesion').set({ access_token: 'de-otra-empresa', usuario: 'otra@empresa.test' }).execute();
    await cliente(servidor).impuestos();
    expect(servidor.estado.autenticaciones).toBe(2);
    expect((await sesion())!.usuario).toBe(USUARIO);
  });

  it('that Siigo no longer accepts (401) is renewed once and the call repeated', async () => {
    const servidor = await falso();
    const api = cliente(servidor);
    await api.impuestos();
    servidor.revocarTokens();
    expect((await api.impuestos()).length).toBeGreaterThan(0);
    expect(servidor.estado.autenticaciones).toBe(2);
    // The first call, the refused one and its repetition.
    expect(servidor.estado.porRuta['GET /v1/taxes']).toBe(3);
  });

  it('with a wrong access key fails with Siigo’s reason, and keeps nothing', async () => {
    const servidor = await falso();
    const error = await cliente(servidor, { accessKey: 'otra-llave' })
      .impuestos()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorSiigo);
    expect(error).toMatchObject({ estado: 401, errores: [{ codigo: 'unauthorized', mensaje: 'The username or access key are invalid' }] });
    expect((error as ErrorSiigo).message).toBe('Siigo rechazó el usuario o la llave de acceso: The username or access key are invalid');
    // The audit text names the user, never the key.
    expect((error as ErrorSiigo).intercambio.solicitud).not.toContain('otra-llave');
    expect(await sesion()).toBeUndefined();
  });
});

describe('Siigo requests', () => {
  it('carry the Partner-Id, which Siigo requires (400 without it)', async () => {
    const servidor = await falso();
    await cliente(servidor).impuestos();
    expect(servidor.estado.ultimoPartnerId).toBe(PARTNER);
    const sinPartner = await fetch(`${servidor.url}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USUARIO, access_key: LLAVE }),
    });
    expect(sinPartner.status).toBe(400);
    expect(await sinPartner.json()).toMatchObject({ Status: 400, Errors: [{ Code: 'header_required' }] });
  });

  it('wait for a 429’s Retry-After when it fits in the allowed wait, and then succeed', async () => {
    const servidor = await falso({ limitePorMinuto: 3, ventanaMs: 1000 });
    const api = cliente(servidor, { esperaMaximaMs: 5000 });
    await api.impuestos();
    await api.impuestos();
    const inicio = Date.now();
    // auth + 2 calls spent Siigo's 3; this one is answered 429 (Retry-After: 1) and repeated a second later.
    expect((await api.impuestos()).length).toBeGreaterThan(0);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(900);
    expect(servidor.estado.porRuta['GET /v1/taxes']).toBe(4);
  });

  it('give up on a 429 whose wait does not fit, with the seconds Siigo asked for', async () => {
    const servidor = await falso({ limitePorMinuto: 2, ventanaMs: 30_000 });
    const api = cliente(servidor, { esperaMaximaMs: 1000 });
    await api.impuestos();
    const error = await api.impuestos().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioSiigo);
    expect((error as ErrorTransitorioSiigo).reintentarEnSegundos).toBeGreaterThanOrEqual(29);
    expect((error as ErrorTransitorioSiigo).intercambio.respuesta).toContain('requests_limit');
  });

  it('share one per-minute budget among every client instance: exactly the allowed number go out', async () => {
    const servidor = await falso();
    const [a, b] = [cliente(servidor, { limitePorMinuto: 6, esperaMaximaMs: 0 }), cliente(servidor, { limitePorMinuto: 6, esperaMaximaMs: 0 })];
    // The token and a first call take two places; the other four go to four of ten parallel calls from both instances.
    await a.gruposInventario();
    const resultados = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).impuestos()));
    const rechazos = resultados.filter((resultado) => resultado.status === 'rejected');
    expect(resultados.filter((resultado) => resultado.status === 'fulfilled')).toHaveLength(4);
    expect(rechazos).toHaveLength(6);
    for (const rechazo of rechazos) {
      const error = (rechazo as PromiseRejectedResult).reason as ErrorTransitorioSiigo;
      expect(error).toBeInstanceOf(ErrorTransitorioSiigo);
      expect(error.message).toBe('Se alcanzó el límite de 6 solicitudes por minuto a Siigo');
      expect(error.reintentarEnSegundos).toBeGreaterThanOrEqual(1);
      expect(error.reintentarEnSegundos).toBeLessThanOrEqual(60);
    }
    expect(servidor.estado.solicitudes).toBe(6);
  });

  it('wait for the next minute of the budget when it ends within the allowed wait', async () => {
    const servidor = await falso();
    const api = cliente(servidor, { limitePorMinuto: 2, esperaMaximaMs: 5000 });
    await api.impuestos();
    // The window opened 59.5 s ago and its two places are spent.
    await sql`update siigo_limite_solicitudes set ventana_inicio = now() - interval '59.5 seconds'`.execute(entorno.db);
    const inicio = Date.now();
    await api.impuestos();
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(400);
    expect(servidor.estado.porRuta['GET /v1/taxes']).toBe(2);
  });

  it('turn Siigo’s refusal (4xx) into ErrorSiigo with its reasons', async () => {
    const servidor = await falso();
    const error = await cliente(servidor)
      .crearProducto({ code: 'CON ESPACIO', name: 'Producto', account_group: 1253, type: 'Product', tax_classification: 'Excluded' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorSiigo);
    expect(error).toMatchObject({ estado: 400, errores: [{ codigo: 'invalid_code', mensaje: "The code can't contain blank spaces or single quotes" }] });
  });

  it('turn an unreachable Siigo into ErrorTransitorioSiigo', async () => {
    const servidor = await falso();
    const url = servidor.url;
    await servidor.cerrar();
    siigo = undefined;
    const error = await crearClienteSiigo({ url, usuario: USUARIO, accessKey: LLAVE, partnerId: PARTNER, db: entorno.db })
      .impuestos()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorTransitorioSiigo);
    expect((error as Error).message).toMatch(/^No fue posible comunicarse con Siigo/);
  });

  it('read every page of Siigo’s products', async () => {
    const servidor = await falso({ productos: Array.from({ length: 130 }, (_, i) => ({ code: `P-${i}`, name: `Producto ${i}` })) });
    const productos = await cliente(servidor).todosLosProductos();
    expect(productos.map((producto) => producto.code)).toEqual(Array.from({ length: 130 }, (_, i) => `P-${i}`));
    expect(servidor.estado.porRuta['GET /v1/products']).toBe(2);
  });
});
