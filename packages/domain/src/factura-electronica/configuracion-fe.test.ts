import { describe, expect, it } from 'vitest';
import { calcularDvNit } from '../nit';
import { bytesDeBase64, certificadoFeCargarSchema, configuracionFeGuardarSchema, MENSAJES_CONFIGURACION_FE as M } from './configuracion-fe.schema';

describe('calcularDvNit', () => {
  it('gives DIAN’s check digit (its own NIT and others published with theirs)', () => {
    // DIAN 800197268-4, Bancolombia 890903938-8, Ecopetrol 899999068-1; then a remainder of 0 (91: 66) and of 1 (80: 56).
    expect(calcularDvNit('800197268')).toBe('4');
    expect(calcularDvNit('890903938')).toBe('8');
    expect(calcularDvNit('899999068')).toBe('1');
    expect(calcularDvNit('900123456')).toBe('8');
    expect(calcularDvNit('91')).toBe('0');
    expect(calcularDvNit('80')).toBe('1');
    expect(calcularDvNit('11')).toBe('1');
    expect(() => calcularDvNit('90012345A')).toThrow();
  });
});

const valido = {
  nit: '900.123.456',
  dv: '8',
  razon_social: 'Tableros y Cortes de Colombia S.A.S.',
  tipo_persona: '1',
  responsabilidades_fiscales: ['O-15', 'O-13'],
  direccion: 'Calle 13 # 68-45',
  departamento_codigo: '11',
  municipio_codigo: '11001',
  ambiente: 2,
  proveedor: 'NINGUNO',
};

const errores = (datos: object) => {
  const resultado = configuracionFeGuardarSchema.safeParse(datos);
  return resultado.success ? {} : Object.fromEntries(resultado.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('configuracionFeGuardarSchema', () => {
  it('reads a form: NIT without dots, DIAN order of responsibilities, blanks as null, secrets as typed', () => {
    const datos = configuracionFeGuardarSchema.parse({ ...valido, software_pin: ' 123 ', smtp_puerto: '', telefono: '  ' });
    expect(datos).toMatchObject({
      nit: '900123456',
      tipo_persona: 1,
      responsabilidades_fiscales: ['O-13', 'O-15'],
      software_pin: ' 123 ',
      smtp_puerto: null,
      telefono: null,
      tiendas_envio_automatico: [],
      smtp_seguro: false,
    });
  });

  it('names each field that fails, and never stops at a bad NIT', () => {
    expect(errores({ ...valido, nit: '90O123456', dv: '1' })).toEqual({ nit: M.nit });
    expect(errores({ ...valido, dv: '7' })).toEqual({ dv: M.dvNoCorresponde });
    expect(errores({ ...valido, responsabilidades_fiscales: ['R-99-PN', 'O-13'] })).toEqual({ responsabilidades_fiscales: M.responsabilidadNoAplica });
    expect(errores({ ...valido, proveedor: 'SIIGO', siigo_partner_id: 'Partner Id' })).toEqual({ siigo_usuario: M.siigoUsuario, siigo_partner_id: M.siigoPartnerId });
    expect(errores({ ...valido, smtp_host: 'smtp.test', smtp_puerto: '65536' })).toEqual({ smtp_puerto: M.smtpPuerto, smtp_remitente: M.smtpRemitente });
    expect(errores({ ...valido, proveedor_url: 'javascript:alert(1)' })).toEqual({ proveedor_url: M.proveedorUrl });
  });
});

describe('certificadoFeCargarSchema', () => {
  it('takes base64 up to 100 KB and refuses anything else on its field', () => {
    const archivo = Buffer.alloc(100 * 1024, 7).toString('base64');
    expect(bytesDeBase64(archivo)).toBe(100 * 1024);
    expect(certificadoFeCargarSchema.safeParse({ archivo_base64: archivo, clave: 'x' }).success).toBe(true);
    const grande = Buffer.alloc(100 * 1024 + 1, 7).toString('base64');
    expect(certificadoFeCargarSchema.safeParse({ archivo_base64: grande, clave: 'x' }).error?.issues[0]?.message).toBe(M.certificadoTamano);
    expect(certificadoFeCargarSchema.safeParse({ archivo_base64: 'abc', clave: 'x' }).error?.issues[0]?.message).toBe(M.certificadoArchivo);
  });
});
