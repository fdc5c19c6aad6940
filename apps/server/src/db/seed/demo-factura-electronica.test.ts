import { MENSAJES_CONFIGURACION_FE } from '@tablero/domain';
import { describe, expect, it } from 'vitest';
import { SECRETO_PRUEBA, usarEntorno } from '../../../test/app';
import { leerConfiguracionFE, verConfiguracion } from '../../modules/factura-electronica';
import { cargarDatosDemo } from './demo';
import { CLAVE_TECNICA_HABILITACION } from './demo-factura-electronica';

const entorno = usarEntorno();

describe('demo data of the e-invoicing settings', () => {
  it('loads the demo issuer in habilitación with no provider, its PIN and a one-year certificate encrypted, and the ranges’ technical key', async () => {
    expect(await entorno.db.transaction().execute((trx) => cargarDatosDemo(trx, SECRETO_PRUEBA))).toBe(true);

    const configuracion = await leerConfiguracionFE(entorno.db, SECRETO_PRUEBA);
    expect(configuracion).toMatchObject({
      nit: '900123456',
      dv: '8',
      razon_social: 'Tableros y Cortes de Colombia S.A.S.',
      responsabilidades_fiscales: ['O-13', 'O-15'],
      departamento_codigo: '11',
      municipio_codigo: '11001',
      municipio_nombre: 'Bogotá, D.C.',
      ambiente: 2,
      proveedor: 'NINGUNO',
      software_pin: '12345',
      smtp: null,
    });
    const dias = (configuracion.certificado!.vence.getTime() - Date.now()) / 86_400_000;
    expect(dias).toBeGreaterThan(364);
    expect(dias).toBeLessThanOrEqual(365);

    const rangos = await entorno.db.selectFrom('rango_numeracion').select(['prefijo', 'clave_tecnica']).orderBy('id').execute();
    expect(rangos).toEqual([
      { prefijo: 'FE', clave_tecnica: CLAVE_TECNICA_HABILITACION },
      { prefijo: 'REM', clave_tecnica: null },
      { prefijo: 'FEB', clave_tecnica: CLAVE_TECNICA_HABILITACION },
      { prefijo: 'REMB', clave_tecnica: null },
      // The POS ranges: their CUDE uses the software PIN, so they carry no technical key.
      { prefijo: 'POS', clave_tecnica: null },
      { prefijo: 'POSB', clave_tecnica: null },
    ]);
    // Only the provider is missing: nothing leaves a demo machine.
    expect((await verConfiguracion(entorno.db, SECRETO_PRUEBA)).avisos).toEqual([MENSAJES_CONFIGURACION_FE.sinProveedor]);
  });
});
