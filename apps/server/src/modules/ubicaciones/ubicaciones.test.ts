import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearTienda, crearUsuarioConSesion, headers, type TiendaPrueba } from '../../../test/factories';

const entorno = usarEntorno();
let token: string;
let tienda: TiendaPrueba;
let ajena: TiendaPrueba;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  // Bodega: the lookups are open to every logged-in role.
  token = (await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'Bodega', tiendas: [tienda.codigo_tienda] })).token;
});

const pedir = (url: string, payload: object = {}, conToken = true, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method: 'POST', url, payload, ...(conToken ? { headers: headers(token, codigoTienda) } : {}) });

describe('POST /api/listas/paises, departamentos, ciudades', () => {
  it.each(['/api/listas/paises', '/api/listas/departamentos', '/api/listas/ciudades'])('refuses %s without a token with 401', async (url) => {
    expect((await pedir(url, {}, false)).statusCode).toBe(401);
  });

  it('refuses a store header the user does not belong to with 403', async () => {
    expect((await pedir('/api/listas/paises', {}, true, ajena.codigo_tienda)).statusCode).toBe(403);
  });

  it('refuses departments without a country and cities without a department with 422 and their messages', async () => {
    const departamentos = await pedir('/api/listas/departamentos', {});
    expect(departamentos.statusCode).toBe(422);
    expect(departamentos.json().errors).toEqual({ country_code: ['Debe seleccionar un país'] });
    const ciudades = await pedir('/api/listas/ciudades', { country_code: 'CO' });
    expect(ciudades.json().errors).toEqual({ state_code: ['Debe seleccionar un departamento'] });
  });

  it('lists the 249 ISO 3166 countries by Spanish name, Colombia among them', async () => {
    const respuesta = await pedir('/api/listas/paises');
    expect(respuesta.statusCode).toBe(200);
    const paises = respuesta.json().data.paises as { country_code: string; country_name: string }[];
    expect(paises).toHaveLength(249);
    expect(paises).toContainEqual({ country_code: 'CO', country_name: 'Colombia' });
    expect(paises).toContainEqual({ country_code: 'ES', country_name: 'España' });
    const nombres = paises.map((p) => p.country_name);
    expect(nombres[0]).toBe('Afganistán');
  });

  it('lists the 33 DANE departments of Colombia and none for another country', async () => {
    const colombia = (await pedir('/api/listas/departamentos', { country_code: 'co' })).json().data.departamentos;
    expect(colombia).toHaveLength(33);
    expect(colombia).toContainEqual({ state_code: '05', state_name: 'Antioquia' });
    expect(colombia).toContainEqual({ state_code: '11', state_name: 'Bogotá, D.C.' });
    expect((await pedir('/api/listas/departamentos', { country_code: 'EC' })).json().data.departamentos).toEqual([]);
  });

  it('lists the municipalities of a department with their DIVIPOLA codes', async () => {
    const antioquia = (await pedir('/api/listas/ciudades', { country_code: 'CO', state_code: '05' })).json().data.ciudades;
    expect(antioquia).toHaveLength(125);
    expect(antioquia).toContainEqual({ city_code: '05001', city_name: 'Medellín' });
    const todas = await entorno.db.selectFrom('ciudad').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    expect(Number(todas.total)).toBe(1122);
  });

  it('filters cities and departments by busqueda without accents or case', async () => {
    for (const busqueda of ['medellin', 'MEDELLIN', 'Medellín', ' medellín ']) {
      const ciudades = (await pedir('/api/listas/ciudades', { country_code: 'CO', state_code: '05', busqueda })).json().data.ciudades;
      expect(ciudades, busqueda).toEqual([{ city_code: '05001', city_name: 'Medellín' }]);
    }
    const departamentos = (await pedir('/api/listas/departamentos', { country_code: 'CO', busqueda: 'bogota' })).json().data.departamentos;
    expect(departamentos).toEqual([{ state_code: '11', state_name: 'Bogotá, D.C.' }]);
    // An empty search is no filter: the picker opens with the whole list.
    expect((await pedir('/api/listas/ciudades', { country_code: 'CO', state_code: '05', busqueda: '' })).json().data.ciudades).toHaveLength(125);
  });
});
