import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, iniciarSesion } from '../../../test/factories';
import { cargarDatosDemo, CLAVE_DEMO } from './demo';

const entorno = usarEntorno();

describe('demo data of dispatch', () => {
  it('gives store 001 turns waiting, one called and one dispatched, seen by the Despachos list and the public board', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx))).toBe(true);

    const estados = await entorno.db.selectFrom('despacho_turno').select(['estado', 'codigo_tienda', 'origen']).where('codigo_tienda', '=', '001').execute();
    expect(estados.filter((t) => t.estado === 'despachado')).toHaveLength(1);
    expect(estados.filter((t) => t.estado === 'en_proceso')).toHaveLength(1);
    expect(estados.filter((t) => t.estado === 'en_cola').length).toBeGreaterThan(0);
    // The finished OP's billed sale got its turn from production; the OPs generated for waiting sales withdrew theirs.
    expect(estados.some((t) => t.origen === 'produccion')).toBe(true);
    expect(estados.some((t) => t.estado === 'retirado')).toBe(true);

    const token = await iniciarSesion(entorno.app, 'vendedor@tablero.test', CLAVE_DEMO);
    const pendientes = await entorno.app.inject({ method: 'POST', url: '/api/despachos/turnos?page=1', headers: headers(token, '001'), payload: {} });
    expect(pendientes.statusCode, pendientes.body).toBe(200);
    expect(pendientes.json().data.despachos_turnos.total).toBe(estados.filter((t) => t.estado === 'en_cola' || t.estado === 'en_proceso').length);
    const despachados = await entorno.app.inject({ method: 'POST', url: '/api/despachos/turnos?page=1', headers: headers(token, '001'), payload: { modo_consulta: 'despachados' } });
    expect(despachados.json().data.despachos_turnos.data[0]).toMatchObject({ nombre_despachador: 'Valentina Vendedora', nombre_mensajero: 'Camilo Rendón' });

    const tablero = await entorno.app.inject({ method: 'GET', url: '/api/public/despachos/turnos?codigo_tienda=001&page=1' });
    expect(tablero.json().data).toMatchObject({ tienda: 'Principal', en_proceso: [{ despachador: 'Valentina' }] });
  });
});
