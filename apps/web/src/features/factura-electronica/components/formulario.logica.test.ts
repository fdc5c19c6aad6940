import { describe, expect, it } from 'vitest';
import { configuracionFeGuardarSchema, type ConfiguracionFeVista } from '@tablero/domain';
import { estadoCertificado, valoresFormulario, valoresTrasGuardar } from './formulario.logica';

const vacia: ConfiguracionFeVista = {
  nit: null,
  dv: null,
  razon_social: null,
  nombre_comercial: null,
  tipo_persona: 1,
  responsabilidades_fiscales: [],
  direccion: null,
  departamento_codigo: null,
  departamento_nombre: null,
  municipio_codigo: null,
  municipio_nombre: null,
  telefono: null,
  correo_electronico: null,
  ambiente: 2,
  software_id: null,
  software_pin_configurado: true,
  test_set_id: null,
  certificado: null,
  proveedor: 'NINGUNO',
  proveedor_url: null,
  siigo_usuario: null,
  siigo_access_key_configurada: false,
  siigo_partner_id: null,
  tiendas_envio_automatico: [],
  smtp_host: null,
  smtp_puerto: null,
  smtp_seguro: false,
  smtp_usuario: null,
  smtp_clave_configurada: false,
  smtp_remitente: null,
  nombre_usuario: null,
  updated_at: '2026-11-25T12:00:00.000Z',
};

describe('valoresFormulario', () => {
  it('starts an empty row as a form the schema reads: blanks, R-99-PN, selects as text, secrets blank', () => {
    const valores = valoresFormulario(vacia);
    expect(valores).toMatchObject({ nit: '', tipo_persona: '1', ambiente: '2', responsabilidades_fiscales: ['R-99-PN'], software_pin: '', smtp_puerto: '' });
    const completo = { ...valores, nit: '900123456', dv: '8', razon_social: 'Tablero', direccion: 'Calle 1', departamento_codigo: '11', municipio_codigo: '11001' };
    expect(configuracionFeGuardarSchema.parse(completo)).toMatchObject({ tipo_persona: 1, ambiente: 2, software_pin: null, smtp_puerto: null, telefono: null });
  });

  it('clears the typed secrets after a save and keeps the rest', () => {
    const valores = { ...valoresFormulario(vacia), razon_social: 'Tablero', software_pin: '1', siigo_access_key: '2', smtp_clave: '3' };
    expect(valoresTrasGuardar(valores)).toEqual({ ...valores, software_pin: '', siigo_access_key: '', smtp_clave: '' });
  });
});

describe('estadoCertificado', () => {
  it('is green far from the end, yellow within the notice days and red once expired', () => {
    expect(estadoCertificado({ dias_para_vencer: 31, vencido: false }, 30)).toEqual({ color: 'teal', texto: 'Vigente' });
    expect(estadoCertificado({ dias_para_vencer: 30, vencido: false }, 30)).toEqual({ color: 'yellow', texto: 'Vence en 30 días' });
    expect(estadoCertificado({ dias_para_vencer: 1, vencido: false }, 30)).toEqual({ color: 'yellow', texto: 'Vence en 1 día' });
    expect(estadoCertificado({ dias_para_vencer: 0, vencido: true }, 30)).toEqual({ color: 'red', texto: 'Vencido' });
  });
});
