import { ERRORES, MENSAJES_TIPO_MEDIDA } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, crearEscenario, crearTipoMedida, type Escenario } from '../../../test/factories';

const entorno = usarEntorno();
let e: Escenario;

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
});

const token = (rol: keyof Escenario['porRol']) => e.porRol[rol].token;
const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, tk: string | null, payload?: unknown, tienda = e.tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, ...(tk ? { headers: headers(tk, tienda) } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('GET /api/maestros/tipos-medidas', () => {
  it('refuses a call without a token with 401 and a foreign store with 403', async () => {
    expect((await llamar('GET', '/api/maestros/tipos-medidas', null)).statusCode).toBe(401);
    expect((await llamar('GET', '/api/maestros/tipos-medidas', token('Vendedor'), undefined, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('lists measure types to any logged-in user', async () => {
    const tipo = await crearTipoMedida(entorno.db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
    const respuesta = await llamar('GET', '/api/maestros/tipos-medidas', token('Operario'));
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data.tipos_medidas).toContainEqual({ id: tipo.id, nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' });
  });
});

describe('POST /api/maestros/tipos-medidas/crear', () => {
  const url = '/api/maestros/tipos-medidas/crear';

  it('refuses a call without a token with 401', async () => {
    expect((await llamar('POST', url, null, {})).statusCode).toBe(401);
  });

  it.each(['Administrador', 'Vendedor', 'Operario'] as const)('refuses %s with 403', async (rol) => {
    expect((await llamar('POST', url, token(rol), { nombre_corto_tipo_medida: 'UN', nombre_tipo_medida: 'Unidad' })).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await llamar('POST', url, token('Bodega'), { nombre_corto_tipo_medida: 'UN', nombre_tipo_medida: 'Unidad' }, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses an empty body with both Spanish messages', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ nombre_corto_tipo_medida: [MENSAJES_TIPO_MEDIDA.nombreCorto], nombre_tipo_medida: [MENSAJES_TIPO_MEDIDA.nombre] });
  });

  it('creates a measure type', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_corto_tipo_medida: ' M2 ', nombre_tipo_medida: 'Metro cuadrado' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ message: 'Tipo de medida creado con éxito' });
    const fila = await entorno.db.selectFrom('tipo_medida').select(['nombre_corto_tipo_medida', 'nombre_tipo_medida']).where('id', '=', respuesta.json().data.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_corto_tipo_medida: 'M2', nombre_tipo_medida: 'Metro cuadrado' });
  });
});

describe('PUT /api/maestros/tipos-medidas/{id}/editar', () => {
  it('refuses a call without a token with 401 and Vendedor with 403', async () => {
    const tipo = await crearTipoMedida(entorno.db);
    expect((await llamar('PUT', `/api/maestros/tipos-medidas/${tipo.id}/editar`, null, {})).statusCode).toBe(401);
    expect((await llamar('PUT', `/api/maestros/tipos-medidas/${tipo.id}/editar`, token('Vendedor'), { nombre_corto_tipo_medida: 'A', nombre_tipo_medida: 'B' })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown measure type', async () => {
    const respuesta = await llamar('PUT', '/api/maestros/tipos-medidas/999999/editar', token('Bodega'), { nombre_corto_tipo_medida: 'A', nombre_tipo_medida: 'B' });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.TIPO_MEDIDA_NO_ENCONTRADO.mensaje });
  });

  it('changes both names', async () => {
    const tipo = await crearTipoMedida(entorno.db);
    const respuesta = await llamar('PUT', `/api/maestros/tipos-medidas/${tipo.id}/editar`, token('Bodega'), { nombre_corto_tipo_medida: 'LAM', nombre_tipo_medida: 'Lámina' });
    expect(respuesta.statusCode).toBe(200);
    const fila = await entorno.db.selectFrom('tipo_medida').select(['nombre_corto_tipo_medida', 'nombre_tipo_medida']).where('id', '=', tipo.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_corto_tipo_medida: 'LAM', nombre_tipo_medida: 'Lámina' });
  });
});
