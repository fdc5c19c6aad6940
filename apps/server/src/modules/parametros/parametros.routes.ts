import type { FastifyInstance } from 'fastify';
import { mensajeSchema, parametroCrearSchema, parametroEditarSchema, parametroParamsSchema, parametroRespuestaSchema, parametrosRespuestaSchema, respuestaDatos, RUTAS } from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import * as parametrosService from './parametros.service';

export async function parametrosRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'parametros', acceso: RUTAS.parametros.acceso });

  ruta.get('/parametros', {
    summary: 'Todos los parámetros, por código (la pantalla pagina de a 10)',
    respuesta: respuestaDatos(parametrosRespuestaSchema),
    manejador: async () => ({ data: { parametros: await parametrosService.listarParametros(app.db) } }),
  });

  ruta.get('/parametros/:codigo', {
    // Open to every logged-in user: the sales screens read parameters (issue: foundation, item 8).
    acceso: 'autenticado',
    summary: 'Un parámetro por código',
    params: parametroParamsSchema,
    respuesta: respuestaDatos(parametroRespuestaSchema),
    manejador: async (request) => ({ data: { parametro: await parametrosService.leerParametro(app.db, request.params.codigo) } }),
  });

  ruta.post('/parametros/crear', {
    summary: 'Crea un parámetro',
    body: parametroCrearSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => parametrosService.crearParametro(trx, actor, request.body),
    mensaje: 'Parámetro creado con éxito',
  });

  ruta.put('/parametros/:codigo/editar', {
    summary: 'Cambia el valor de un parámetro (el código no cambia)',
    params: parametroParamsSchema,
    body: parametroEditarSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => parametrosService.editarParametro(trx, actor, request.params.codigo, request.body.valor_parametro),
    mensaje: 'Parámetro actualizado con éxito',
  });
}
