import { generarCertificadoPrueba } from '@tablero/dian';
import { certificadoFeCargarSchema, configuracionFeGuardarSchema } from '@tablero/domain';
import { actorSistema, type Trx } from '../transaccion';
import * as facturaElectronicaService from '../../modules/factura-electronica';

/** DIAN's technical key of the habilitación test set: the demo invoice ranges use it (demo-facturacion.ts). */
export const CLAVE_TECNICA_HABILITACION = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

/**
 * The issuer of the EMPRESA_* parameters as DIAN knows it: NIT 900123456 (its check digit by DIAN's rule is 8), a
 * large taxpayer and self-withholder in Bogotá, in the test environment (habilitación) with no provider, so nothing
 * leaves the machine. The software id is a made-up demo value.
 */
export const CONFIGURACION_FE_DEMO = {
  nit: '900123456',
  dv: '8',
  razon_social: 'Tableros y Cortes de Colombia S.A.S.',
  nombre_comercial: 'Tablero',
  tipo_persona: 1,
  responsabilidades_fiscales: ['O-13', 'O-15'],
  direccion: 'Calle 13 # 68-45, Zona Industrial',
  departamento_codigo: '11',
  municipio_codigo: '11001',
  telefono: '601 745 2300',
  correo_electronico: 'facturacion@tablero.test',
  ambiente: 2,
  software_id: 'd0c5a7e2-5f3b-4c1e-9a6d-7b8e9f0a1b2c',
  software_pin: '12345',
  test_set_id: null,
  proveedor: 'NINGUNO',
  tiendas_envio_automatico: [],
  smtp_seguro: false,
} as const;

/**
 * Demo data of the e-invoicing settings (docs/decisions-factura-electronica.md, Configuración). The software PIN and a
 * self-signed signing certificate valid one year are stored encrypted with the server's secret; without it (`secreto`
 * null) they are left out and the settings screen asks for them.
 */
export async function cargarFacturaElectronicaDemo(db: Trx, secreto: string | null): Promise<void> {
  const sistema = actorSistema();
  const configuracion = configuracionFeGuardarSchema.parse({ ...CONFIGURACION_FE_DEMO, software_pin: secreto ? CONFIGURACION_FE_DEMO.software_pin : null });
  // Without a secret nothing is encrypted (no PIN is given), so the empty one is never used.
  await facturaElectronicaService.guardarConfiguracion(db, sistema, secreto ?? '', configuracion);
  if (!secreto) return;
  const { p12, clave } = generarCertificadoPrueba({ sujeto: 'Tableros y Cortes de Colombia S.A.S. (demostración)' });
  const cargado = facturaElectronicaService.abrirCertificadoCargado(certificadoFeCargarSchema.parse({ archivo_base64: p12.toString('base64'), clave }));
  await facturaElectronicaService.guardarCertificado(db, sistema, secreto, cargado);
}
