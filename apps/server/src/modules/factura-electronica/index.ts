// The door of the factura-electronica module: its manifest and what other modules may call (its services).
import type { FastifyInstance } from 'fastify';
import { definirModulo } from '../modulo';
import { configuracionRoutes } from './configuracion.routes';
export type { FacturaElectronicaTablas } from './factura-electronica.tablas';

async function rutas(app: FastifyInstance): Promise<void> {
  await app.register(configuracionRoutes);
}

export const modulo = definirModulo({
  nombre: 'factura-electronica',
  rutas,
  tablas: ['configuracion_fe', 'documento_fe', 'intento_envio_fe', 'correo_fe'],
  // The DIAN acceptance and the accounting system's code of the sale (spec 000 §2.6, 002 month closing badges).
  escribeEn: { venta: ['fecha_factura_dian', 'factura_code_siigo'] },
  dependeDe: ['siigo', 'ubicaciones', 'retenciones'],
});

export * from './emision.service';
export { procesarCorreo, type DependenciasCorreo } from './correo.service';
export * from './configuracion.service';
export { proveedorPara } from './proveedores';
