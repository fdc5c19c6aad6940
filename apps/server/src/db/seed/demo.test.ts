import { CODIGOS_PARAMETRO } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { CLAVE_DEMO, cargarDatosDemo, TIENDAS_DEMO, USUARIOS_DEMO } from './demo';

// The one test that uses the demo data: it checks the seed itself, on this file's own database.
const entorno = usarEntorno();

describe('demo data', () => {
  it('loads stores, users and every parameter the application reads, once', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(false);

    const tiendas = await entorno.db.selectFrom('tienda').select(['codigo_tienda', 'nombre_tienda']).orderBy('codigo_tienda').execute();
    expect(tiendas).toEqual(TIENDAS_DEMO);
    const parametros = await entorno.db.selectFrom('parametro').select('codigo_parametro').execute();
    expect(parametros.map((p) => p.codigo_parametro).sort()).toEqual([...CODIGOS_PARAMETRO].sort());
    const historial = await entorno.db.selectFrom('parametro_historial').select(['valor_anterior', 'user_id']).execute();
    expect(historial).toHaveLength(CODIGOS_PARAMETRO.length);
    expect(historial.every((h) => h.valor_anterior === null && h.user_id === null)).toBe(true);
  });

  it.each(USUARIOS_DEMO.map((u) => [u.role, u] as const))('lets the demo %s log in with demo1234 and see their stores', async (_rol, usuario) => {
    const ingreso = await entorno.app.inject({
      method: 'POST',
      url: '/api/ingreso',
      payload: { email: usuario.email, password: CLAVE_DEMO },
    });
    expect(ingreso.statusCode).toBe(200);
    const { token, id, role } = ingreso.json().data;
    expect(role).toBe(usuario.role);

    const tiendas = await entorno.app.inject({
      method: 'GET',
      url: `/api/maestros/tiendas/${id}/usuario`,
      headers: { authorization: `Bearer ${token}`, 'x-codigo-tienda': usuario.tiendas[0]! },
    });
    expect(tiendas.statusCode).toBe(200);
    expect(tiendas.json().data.tiendas_usuario.map((t: { codigo_tienda: string }) => t.codigo_tienda)).toEqual(usuario.tiendas);
  });
});
