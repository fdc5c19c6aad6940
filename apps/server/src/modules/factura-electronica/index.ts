// The door of the factura-electronica module: its manifest and what other modules may call (its services).
import type { FastifyInstance } from 'fastify';
import { definirModulo } from '../modulo';
export type { FacturaElectronicaTablas } from './factura-electronica.tablas';

async function rutas(app: FastifyInstance): Promise<void> {
  void app;
}

export const modulo = definirModulo({
  nombre: 'factura-electronica',
  rutas,
  tablas: ['configuracion_fe', 'documento_fe', 'intento_envio_fe', 'correo_fe', 'siigo_sesion'],
});
