import { describe, expect, it } from 'vitest';
import { MENSAJE_DV_NIT, proveedorGuardarSchema, terceroEditarSchema } from '@tablero/domain';
import { mensajeFormularioInvalido } from './aviso-formulario';

const tercero = {
  tipo_documento_id: 2,
  numero_documento: '800197268-4',
  nombres: 'Maderas',
  apellidos: 'del Valle',
  correo_electronico: 'compras@maderas.test',
  numero_celular: '3001234567',
  tipo_tercero: 'C',
  direccion_residencia: 'Calle 1',
  country_code: 'CO',
  state_code: '05',
  city_code: '05001',
};

describe('a NIT with a wrong check digit says so, on the field and in the toast', () => {
  it('the customer form: the right DV is accepted and kept as the digits; a wrong one is named', () => {
    const bien = terceroEditarSchema.safeParse(tercero);
    expect(bien.success, JSON.stringify(bien.error?.issues)).toBe(true);
    expect(bien.data?.numero_documento).toBe('800197268');
    const mal = terceroEditarSchema.safeParse({ ...tercero, numero_documento: '800197268-5' });
    expect(mal.success).toBe(false);
    expect(mal.error?.issues).toEqual([expect.objectContaining({ path: ['numero_documento'], message: MENSAJE_DV_NIT })]);
    // A check digit on a document that is no NIT is no digit of a cédula.
    const cedula = terceroEditarSchema.safeParse({ ...tercero, tipo_documento_id: 1, numero_documento: '1020304050-1' });
    expect(cedula.error?.issues.map((i) => i.message)).toEqual(['El número de documento solo admite dígitos (hasta 15)']);
  });

  it('the supplier form: a wrong DV is named, a right one or none passes', () => {
    const proveedor = { nombre_proveedor: 'Maderas', nit: '800197268-5', numero_telefonico: '3001234567', correo_electronico: 'a@b.co' };
    expect(proveedorGuardarSchema.safeParse(proveedor).error?.issues).toEqual([expect.objectContaining({ path: ['nit'], message: MENSAJE_DV_NIT })]);
    expect(proveedorGuardarSchema.safeParse({ ...proveedor, nit: '800197268-4' }).success).toBe(true);
    expect(proveedorGuardarSchema.safeParse({ ...proveedor, nit: '800197268' }).success).toBe(true);
  });

  it('the toast: the check digit message when it is the problem, the spec message otherwise', () => {
    expect(mensajeFormularioInvalido({ numero_documento: { type: 'custom', message: MENSAJE_DV_NIT } })).toBe(MENSAJE_DV_NIT);
    expect(mensajeFormularioInvalido({ nombres: { type: 'custom', message: 'Debe ingresar los nombres' }, nit: { type: 'custom', message: MENSAJE_DV_NIT } })).toBe(MENSAJE_DV_NIT);
    expect(mensajeFormularioInvalido({ nombres: { type: 'custom', message: 'Debe ingresar los nombres' } })).toBe('Faltan campos por ingresar');
    expect(mensajeFormularioInvalido({})).toBe('Faltan campos por ingresar');
  });
});
