import { ERRORES, mensajeTarifaDian, MENSAJES_IMPUESTO } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { headers, crearEscenario, crearImpuesto, crearSiigo, type Escenario } from '../../../test/factories';

const entorno = usarEntorno();
let e: Escenario;

beforeAll(async () => {
  e = await crearEscenario(entorno.app, entorno.db);
  await crearSiigo(entorno.db);
});

const token = (rol: keyof Escenario['porRol']) => e.porRol[rol].token;
const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, tk: string | null, payload?: unknown, tienda = e.tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, ...(tk ? { headers: headers(tk, tienda) } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('GET /api/impuestos', () => {
  it('refuses a call without a token with 401 and a foreign store with 403', async () => {
    expect((await llamar('GET', '/api/impuestos', null)).statusCode).toBe(401);
    expect((await llamar('GET', '/api/impuestos', token('Vendedor'), undefined, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('lists taxes by percentage to any logged-in user (the sales form reads them)', async () => {
    await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
    await crearImpuesto(entorno.db, { nombre_impuesto: 'Excluido', porcentaje_impuesto: 0 });
    const respuesta = await llamar('GET', '/api/impuestos', token('Vendedor'));
    expect(respuesta.statusCode).toBe(200);
    const impuestos = respuesta.json().data.impuestos;
    expect(impuestos[0]).toMatchObject({ nombre_impuesto: 'Excluido', porcentaje_impuesto: 0, activo: true, clase_tributaria: 'Excluded', codigo_impuesto_dian: '01' });
    expect(impuestos).toContainEqual(expect.objectContaining({ nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19, clase_tributaria: 'Taxed', codigo_impuesto_dian: '01' }));
  });
});

describe('POST /api/impuestos/crear', () => {
  const url = '/api/impuestos/crear';

  it('refuses a call without a token with 401', async () => {
    expect((await llamar('POST', url, null, { nombre_impuesto: 'X', porcentaje_impuesto: 1 })).statusCode).toBe(401);
  });

  it.each(['Administrador', 'Vendedor', 'Operario'] as const)('refuses %s with 403', async (rol) => {
    expect((await llamar('POST', url, token(rol), { nombre_impuesto: 'X', porcentaje_impuesto: 1 })).statusCode).toBe(403);
  });

  it('refuses a store the user does not belong to with 403', async () => {
    expect((await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'X', porcentaje_impuesto: 1 }, e.ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses an empty body with both Spanish messages', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), {});
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ nombre_impuesto: [MENSAJES_IMPUESTO.nombre], porcentaje_impuesto: [MENSAJES_IMPUESTO.porcentaje] });
  });

  it.each([
    [101, MENSAJES_IMPUESTO.porcentajeRango],
    [-1, MENSAJES_IMPUESTO.porcentajeRango],
    [19.05, MENSAJES_IMPUESTO.porcentajePaso],
  ])('refuses the percentage %s', async (porcentaje, mensaje) => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'Malo', porcentaje_impuesto: porcentaje });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ porcentaje_impuesto: [mensaje] });
  });

  it('refuses an inactive accounting-system tax', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'IVA 16', porcentaje_impuesto: 16, siigo_impuesto_id: 2 });
    expect(respuesta.json().errors).toEqual({ siigo_impuesto_id: [MENSAJES_IMPUESTO.siigoNoExiste] });
  });

  it('creates a tax with one decimal', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'ICA Bogotá', porcentaje_impuesto: '1.5', siigo_impuesto_id: 1, codigo_impuesto_dian: '03' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json()).toMatchObject({ message: 'Impuesto creado con éxito' });
    const fila = await entorno.db
      .selectFrom('impuesto')
      .select(['nombre_impuesto', 'porcentaje_impuesto', 'siigo_impuesto_id', 'clase_tributaria', 'codigo_impuesto_dian'])
      .where('id', '=', respuesta.json().data.id)
      .executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_impuesto: 'ICA Bogotá', porcentaje_impuesto: '1.50', siigo_impuesto_id: 1, clase_tributaria: 'Taxed', codigo_impuesto_dian: '03' });
  });

  it('refuses a kind or DIAN code outside their lists, with their Spanish messages', async () => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'Raro', porcentaje_impuesto: 19, clase_tributaria: 'Gravado', codigo_impuesto_dian: '05' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual({ clase_tributaria: [MENSAJES_IMPUESTO.claseTributaria], codigo_impuesto_dian: [MENSAJES_IMPUESTO.codigoDian] });
  });

  it.each([
    ['an exempt tax with a rate', { clase_tributaria: 'Exempt', porcentaje_impuesto: 5 }, { porcentaje_impuesto: [MENSAJES_IMPUESTO.sinTarifa] }],
    ['an excluded tax with a rate', { clase_tributaria: 'Excluded', porcentaje_impuesto: 19 }, { porcentaje_impuesto: [MENSAJES_IMPUESTO.sinTarifa] }],
    ['an excluded tax of INC', { clase_tributaria: 'Excluded', porcentaje_impuesto: 0, codigo_impuesto_dian: '04' }, { codigo_impuesto_dian: [MENSAJES_IMPUESTO.soloIva] }],
    ['a taxed tax at 0 %', { clase_tributaria: 'Taxed', porcentaje_impuesto: 0 }, { porcentaje_impuesto: [MENSAJES_IMPUESTO.gravadoSinTarifa] }],
    ['a taxed IVA at a rate DIAN does not list', { clase_tributaria: 'Taxed', porcentaje_impuesto: 12 }, { porcentaje_impuesto: ['El IVA gravado admite las tarifas de la DIAN: 5 %, 16 % o 19 %'] }],
    ['a taxed INC at a rate DIAN does not list', { porcentaje_impuesto: 10, codigo_impuesto_dian: '04' }, { porcentaje_impuesto: [mensajeTarifaDian('04')] }],
  ])('refuses %s (docs/decisions-factura-electronica.md, Clase tributaria)', async (_caso, cambios, errores) => {
    const respuesta = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'Regla', ...cambios });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors).toEqual(errores);
    expect(await entorno.db.selectFrom('impuesto').select('id').where('nombre_impuesto', '=', 'Regla').execute()).toEqual([]);
  });

  it('creates an exempt IVA, an excluded IVA and a taxed INC at DIAN rates, with their kind and code', async () => {
    const cuerpos = [
      { nombre_impuesto: 'Exento creado', porcentaje_impuesto: 0, clase_tributaria: 'Exempt', codigo_impuesto_dian: '01' },
      { nombre_impuesto: 'Excluido creado', porcentaje_impuesto: 0, clase_tributaria: 'Excluded', codigo_impuesto_dian: '01' },
      { nombre_impuesto: 'INC creado', porcentaje_impuesto: 8, clase_tributaria: 'Taxed', codigo_impuesto_dian: '04', clase_impuesto: 'OTRO' },
    ];
    const ids: number[] = [];
    for (const cuerpo of cuerpos) {
      const respuesta = await llamar('POST', url, token('Bodega'), cuerpo);
      expect(respuesta.statusCode, cuerpo.nombre_impuesto).toBe(200);
      ids.push(respuesta.json().data.id);
    }
    const filas = await entorno.db.selectFrom('impuesto').select(['nombre_impuesto', 'porcentaje_impuesto', 'clase_tributaria', 'codigo_impuesto_dian']).where('id', 'in', ids).orderBy('id').execute();
    expect(filas).toEqual([
      { nombre_impuesto: 'Exento creado', porcentaje_impuesto: '0.00', clase_tributaria: 'Exempt', codigo_impuesto_dian: '01' },
      { nombre_impuesto: 'Excluido creado', porcentaje_impuesto: '0.00', clase_tributaria: 'Excluded', codigo_impuesto_dian: '01' },
      { nombre_impuesto: 'INC creado', porcentaje_impuesto: '8.00', clase_tributaria: 'Taxed', codigo_impuesto_dian: '04' },
    ]);
    const lista = (await llamar('GET', '/api/impuestos', token('Vendedor'))).json().data.impuestos as { id: number }[];
    expect(lista.find((i) => i.id === ids[0])).toMatchObject({ clase_tributaria: 'Exempt', codigo_impuesto_dian: '01' });
  });

  it("keeps the tax's class (docs/decisions.md \"Pedidos\"): IVA unless told, OTRO for what 'Otros impuestos' adds; refuses another", async () => {
    const malo = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'Estampilla', porcentaje_impuesto: 1, clase_impuesto: 'RETENCION' });
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors).toEqual({ clase_impuesto: [MENSAJES_IMPUESTO.clase] });
    const otro = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'Impuesto al consumo', porcentaje_impuesto: 8, clase_impuesto: 'OTRO', codigo_impuesto_dian: '04' });
    const iva = await llamar('POST', url, token('Bodega'), { nombre_impuesto: 'IVA 5% alimentos', porcentaje_impuesto: 5 });
    expect([otro.statusCode, iva.statusCode]).toEqual([200, 200]);
    const ids = [otro.json().data.id as number, iva.json().data.id as number];
    const filas = await entorno.db.selectFrom('impuesto').select(['id', 'clase_impuesto']).where('id', 'in', ids).orderBy('id').execute();
    expect(filas.map((f) => f.clase_impuesto)).toEqual(['OTRO', 'IVA']);
    const lista = (await llamar('GET', '/api/impuestos', token('Vendedor'))).json().data.impuestos as { id: number; clase_impuesto: string }[];
    expect(lista.find((i) => i.id === ids[0])).toMatchObject({ clase_impuesto: 'OTRO' });
  });
});

describe('PUT /api/impuestos/{id}/editar', () => {
  it('refuses a call without a token with 401 and Operario with 403', async () => {
    const impuesto = await crearImpuesto(entorno.db);
    expect((await llamar('PUT', `/api/impuestos/${impuesto.id}/editar`, null, { nombre_impuesto: 'X', porcentaje_impuesto: 1 })).statusCode).toBe(401);
    expect((await llamar('PUT', `/api/impuestos/${impuesto.id}/editar`, token('Operario'), { nombre_impuesto: 'X', porcentaje_impuesto: 1 })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown tax', async () => {
    const respuesta = await llamar('PUT', '/api/impuestos/999999/editar', token('Bodega'), { nombre_impuesto: 'X', porcentaje_impuesto: 19 });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json()).toMatchObject({ message: ERRORES.IMPUESTO_NO_ENCONTRADO.mensaje });
  });

  it('changes name and percentage', async () => {
    const impuesto = await crearImpuesto(entorno.db, { porcentaje_impuesto: 5 });
    const respuesta = await llamar('PUT', `/api/impuestos/${impuesto.id}/editar`, token('Bodega'), { nombre_impuesto: 'IVA 19% bienes', porcentaje_impuesto: 19 });
    expect(respuesta.statusCode).toBe(200);
    const fila = await entorno.db.selectFrom('impuesto').select(['nombre_impuesto', 'porcentaje_impuesto']).where('id', '=', impuesto.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_impuesto: 'IVA 19% bienes', porcentaje_impuesto: '19.00' });
  });

  it('turns a taxed tax into an excluded one at 0 %, and refuses an exempt one with a rate', async () => {
    const impuesto = await crearImpuesto(entorno.db, { nombre_impuesto: 'Por excluir', porcentaje_impuesto: 19 });
    const url = `/api/impuestos/${impuesto.id}/editar`;
    const malo = await llamar('PUT', url, token('Bodega'), { nombre_impuesto: 'Por excluir', porcentaje_impuesto: 19, clase_tributaria: 'Exempt' });
    expect(malo.statusCode).toBe(422);
    expect(malo.json().errors).toEqual({ porcentaje_impuesto: [MENSAJES_IMPUESTO.sinTarifa] });
    const bueno = await llamar('PUT', url, token('Bodega'), { nombre_impuesto: 'Excluido de IVA', porcentaje_impuesto: 0, clase_tributaria: 'Excluded', codigo_impuesto_dian: '01' });
    expect(bueno.statusCode).toBe(200);
    const fila = await entorno.db.selectFrom('impuesto').select(['nombre_impuesto', 'porcentaje_impuesto', 'clase_tributaria', 'codigo_impuesto_dian']).where('id', '=', impuesto.id).executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre_impuesto: 'Excluido de IVA', porcentaje_impuesto: '0.00', clase_tributaria: 'Excluded', codigo_impuesto_dian: '01' });
  });

  it('deactivates and reactivates a tax (spec 000 §3 Tax: active), shown in the list', async () => {
    const impuesto = await crearImpuesto(entorno.db, { nombre_impuesto: 'Impoconsumo 8%', porcentaje_impuesto: 8, codigo_impuesto_dian: '04' });
    const url = `/api/impuestos/${impuesto.id}/editar`;
    expect((await llamar('PUT', url, token('Bodega'), { nombre_impuesto: 'Impoconsumo 8%', porcentaje_impuesto: 8, codigo_impuesto_dian: '04', activo: false })).statusCode).toBe(200);
    const lista = await llamar('GET', '/api/impuestos', token('Vendedor'));
    expect(lista.json().data.impuestos).toContainEqual(expect.objectContaining({ id: impuesto.id, activo: false }));
    await llamar('PUT', url, token('Bodega'), { nombre_impuesto: 'Impoconsumo 8%', porcentaje_impuesto: 8, codigo_impuesto_dian: '04' });
    const fila = await entorno.db.selectFrom('impuesto').select('activo').where('id', '=', impuesto.id).executeTakeFirstOrThrow();
    expect(fila.activo).toBe(true);
  });
});
