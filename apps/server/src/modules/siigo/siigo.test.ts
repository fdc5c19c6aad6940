import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, crearEscenario, crearSiigo, type Escenario } from '../../../test/factories';

const entorno = usarEntorno();
let e: Escenario;

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  await crearSiigo(entorno.db);
});

describe('accounting-system lookups', () => {
  it('refuse a call without a token with 401 and a foreign store with 403', async () => {
    for (const url of ['/api/siigo/clasificacion-inventario', '/api/siigo/impuesto']) {
      expect((await entorno.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await entorno.app.inject({ method: 'GET', url, headers: headers(e.porRol.Vendedor.token, e.ajena.codigo_tienda) })).statusCode).toBe(403);
    }
  });

  it('answer only the active inventory classifications', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/siigo/clasificacion-inventario', headers: headers(e.porRol.Operario.token) });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toEqual({ data: { grupos_clasificacion_inventario: [{ id: 1, nombre: 'Mercancía para la venta', activo: true }] } });
  });

  it('answer only the active taxes', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/siigo/impuesto', headers: headers(e.porRol.Bodega.token) });
    expect(respuesta.json()).toEqual({ data: { impuestos: [{ id: 1, nombre: 'IVA 19%', porcentaje_impuesto: 19, activo: true }] } });
  });
});
