import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ingresoSchema, mensajeSchema, respuestaMensajeDatos, usuarioSesionSchema } from '@tablero/domain';
import { actorDe } from '../../plugins/auth';
import * as sesionService from './sesion.service';

export async function sesionRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();

  rutas.post(
    '/ingreso',
    {
      // The login limits (per IP and per e-mail) live in PostgreSQL: sesionService.ingresar.
      config: { acceso: 'publico' },
      schema: {
        tags: ['sesion'],
        summary: 'Inicia sesión: abre una conexión y entrega su token',
        body: ingresoSchema,
        response: { 200: respuestaMensajeDatos(usuarioSesionSchema) },
      },
    },
    async (request) => {
      const data = await sesionService.ingresar(app.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        secreto: app.tokenSecret,
        horasToken: app.config.tokenHoras,
        maxFallidos: app.config.ingresoMaxFallidosPorEmail,
        maxPorIp: app.config.ingresoMaxPorIp,
      });
      return { message: `Bienvenido(a) ${data.name}`, data };
    },
  );

  rutas.post(
    '/salir',
    {
      config: { acceso: 'autenticado' },
      schema: { tags: ['sesion'], summary: 'Cierra la sesión: el token deja de aceptarse', response: { 200: mensajeSchema } },
    },
    async (request) => {
      await sesionService.salir(app.db, actorDe(request));
      return { message: 'Sesión cerrada' };
    },
  );
}
