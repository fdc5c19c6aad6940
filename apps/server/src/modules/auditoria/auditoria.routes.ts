import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditoriaConsultaSchema, auditoriaFiltroSchema, cambiosAuditoriaRespuestaSchema, respuestaArchivo, respuestaDatos, RUTAS, TIPOS_ARCHIVO, usuariosAuditoriaRespuestaSchema } from '@tablero/domain';
import { enviarXlsx } from '../../lib/libro-xlsx';
import * as auditoriaService from './auditoria.service';

const DESCRIPCION =
  'Cada cambio de dinero, inventario, estado, precio, cupo, rol y configuración, escrito por PostgreSQL en la misma ' +
  'transacción del cambio: quién, cuándo, desde dónde (IP y solicitud), el registro, y los valores antes y después (solo ' +
  'los campos que cambiaron; las claves y certificados figuran como «(oculto)»). Fechas del calendario del negocio.';

/** The audit trail (beyond the spec; docs/architecture.md §3), SuperAdministrador only, under Maestros. */
export async function auditoriaRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.auditoria.acceso };

  rutas.get(
    '/auditoria',
    {
      config,
      schema: {
        tags: ['auditoria'],
        summary: 'Cambios del rango de fechas (obligatorio, hasta 366 días), del más reciente al más antiguo; filtros usuario_id, modulo, registro; per_page 10, 25, 50 o 100',
        description: DESCRIPCION,
        querystring: auditoriaConsultaSchema,
        response: { 200: respuestaDatos(cambiosAuditoriaRespuestaSchema) },
      },
    },
    async (request) => ({ data: { cambios: await auditoriaService.listarCambios(app.dbLectura, request.query) } }),
  );

  rutas.get(
    '/auditoria/usuarios',
    {
      config,
      schema: {
        tags: ['auditoria'],
        summary: 'Los usuarios, para el filtro de la auditoría',
        response: { 200: respuestaDatos(usuariosAuditoriaRespuestaSchema) },
      },
    },
    async () => ({ data: { usuarios: await auditoriaService.listarUsuarios(app.db) } }),
  );

  rutas.post(
    '/auditoria/exportar',
    {
      config,
      schema: {
        tags: ['auditoria'],
        summary: 'Los cambios de los filtros en .xlsx (hasta 50.000), una fila por cambio',
        description: DESCRIPCION,
        body: auditoriaFiltroSchema,
        response: { 200: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]) },
      },
    },
    async (request, reply) => {
      const { archivo, nombre } = await auditoriaService.exportarCambios(app.dbLectura, request.body);
      return enviarXlsx(reply, archivo, nombre);
    },
  );
}
