import { describe, expect, it } from 'vitest';
import { usarEntorno } from '../../test/app';

const entorno = usarEntorno();

describe('GET /api/docs/json', () => {
  it('returns the OpenAPI document of every API route, without a token', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(respuesta.statusCode).toBe(200);
    const documento = respuesta.json<{ openapi: string; info: { title: string }; paths: Record<string, Record<string, { summary?: string }>> }>();
    expect(documento.openapi).toMatch(/^3\./);
    expect(documento.info.title).toBe('Tablero API');
    expect(Object.keys(documento.paths)).toEqual(
      expect.arrayContaining([
        '/api/ingreso',
        '/api/salir',
        '/api/maestros/tiendas/{userId}/usuario',
        '/api/parametros',
        '/api/parametros/{codigo}',
        '/api/parametros/crear',
        '/api/parametros/{codigo}/editar',
        '/api/conexiones',
        '/api/conexiones/{id}/editar',
        '/api/conexiones/{id}/revocar',
      ]),
    );
    expect(documento.paths['/api/parametros/crear']?.post?.summary).toBe('Crea un parámetro');
  });

  it('serves the documentation page', async () => {
    const respuesta = await entorno.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-type']).toMatch(/text\/html/);
  });

  it('refuses to start when an /api route does not declare its answer', async () => {
    const app = await entorno.otraApp();
    await expect(async () => {
      app.get('/api/sin-respuesta', { config: { acceso: 'autenticado' } }, async () => ({ abierta: true }));
      await app.ready();
    }).rejects.toThrow('La ruta GET /api/sin-respuesta no declara su respuesta');
  });

  it('describes the answer of every API route, files as binary content', async () => {
    const documento = (await entorno.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    }>();
    const sinRespuesta = Object.entries(documento.paths).flatMap(([ruta, metodos]) =>
      Object.entries(metodos)
        .filter(([, operacion]) => Object.keys(operacion.responses ?? {}).filter((codigo) => codigo !== 'default').length === 0)
        .map(([metodo]) => `${metodo.toUpperCase()} ${ruta}`),
    );
    expect(sinRespuesta).toEqual([]);
    expect(documento.paths['/api/produccion/indicadores/exportar']?.post?.responses?.['200']?.content).toEqual({
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
    });
  });
});
