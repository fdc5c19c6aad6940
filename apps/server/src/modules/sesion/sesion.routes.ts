import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ingresoSchema, usuarioSesionSchema } from '@tablero/domain';
import { AppError } from '../../lib/app-error';
import { sesionDe } from '../../plugins/auth';
import * as sesionService from './sesion.service';

export async function sesionRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();

  rutas.post(
    '/ingreso',
    {
      config: {
        acceso: 'publico',
        // Per IP here; per e-mail in usuariosService.verificarCredenciales.
        rateLimit: {
          max: app.config.ingresoMaxPorIp,
          timeWindow: '5 minutes',
          errorResponseBuilder: () => new AppError('DEMASIADOS_INTENTOS'),
        },
      },
      schema: {
        tags: ['sesion'],
        summary: 'Inicia sesión: abre una conexión y entrega su token',
        body: ingresoSchema,
        response: { 200: z.object({ message: z.string(), data: usuarioSesionSchema }) },
      },
    },
    async (request) => {
      const data = await sesionService.ingresar(app.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        secreto: app.tokenSecret,
        horasToken: app.config.tokenHoras,
        maxFallidos: app.config.ingresoMaxFallidosPorEmail,
      });
      return { message: `Bienvenido(a) ${data.name}`, data };
    },
  );

  rutas.post(
    '/salir',
    {
      config: { acceso: 'autenticado' },
      schema: { tags: ['sesion'], summary: 'Cierra la sesión: el token deja de aceptarse', response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const sesion = sesionDe(request);
      await sesionService.salir(app.db, sesion.conexionId, sesion.userId);
      return { message: 'Sesión cerrada' };
    },
  );
}
