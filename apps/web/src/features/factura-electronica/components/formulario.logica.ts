import { RESPONSABILIDAD_NO_APLICA, type ConfiguracionFeVista } from '@tablero/domain';

/** The settings form's values as its inputs hold them: texts '' when empty, selects as text, the port '' or a number. */
export interface FormularioFe {
  nit: string;
  dv: string;
  razon_social: string;
  nombre_comercial: string;
  tipo_persona: string | null;
  responsabilidades_fiscales: string[];
  direccion: string;
  departamento_codigo: string | null;
  municipio_codigo: string | null;
  telefono: string;
  correo_electronico: string;
  ambiente: string | null;
  software_id: string;
  software_pin: string;
  test_set_id: string;
  proveedor: string | null;
  proveedor_url: string;
  siigo_usuario: string;
  siigo_access_key: string;
  siigo_partner_id: string;
  tiendas_envio_automatico: string[];
  smtp_host: string;
  smtp_puerto: number | '';
  smtp_seguro: boolean;
  smtp_usuario: string;
  smtp_clave: string;
  smtp_remitente: string;
}

/** The fields that may carry the server's messages (422 `errors`). */
export const CAMPOS_FORMULARIO_FE = [
  'nit',
  'dv',
  'razon_social',
  'nombre_comercial',
  'tipo_persona',
  'responsabilidades_fiscales',
  'direccion',
  'departamento_codigo',
  'municipio_codigo',
  'telefono',
  'correo_electronico',
  'ambiente',
  'software_id',
  'software_pin',
  'test_set_id',
  'proveedor',
  'proveedor_url',
  'siigo_usuario',
  'siigo_access_key',
  'siigo_partner_id',
  'tiendas_envio_automatico',
  'smtp_host',
  'smtp_puerto',
  'smtp_usuario',
  'smtp_clave',
  'smtp_remitente',
] as const satisfies readonly (keyof FormularioFe)[];

/** The form starts from the stored settings; secrets always start blank (blank keeps the stored one). */
export function valoresFormulario(configuracion: ConfiguracionFeVista): FormularioFe {
  const texto = (valor: string | null) => valor ?? '';
  return {
    nit: texto(configuracion.nit),
    dv: texto(configuracion.dv),
    razon_social: texto(configuracion.razon_social),
    nombre_comercial: texto(configuracion.nombre_comercial),
    tipo_persona: String(configuracion.tipo_persona),
    responsabilidades_fiscales: configuracion.responsabilidades_fiscales.length > 0 ? configuracion.responsabilidades_fiscales : [RESPONSABILIDAD_NO_APLICA],
    direccion: texto(configuracion.direccion),
    departamento_codigo: configuracion.departamento_codigo,
    municipio_codigo: configuracion.municipio_codigo,
    telefono: texto(configuracion.telefono),
    correo_electronico: texto(configuracion.correo_electronico),
    ambiente: String(configuracion.ambiente),
    software_id: texto(configuracion.software_id),
    software_pin: '',
    test_set_id: texto(configuracion.test_set_id),
    proveedor: configuracion.proveedor,
    proveedor_url: texto(configuracion.proveedor_url),
    siigo_usuario: texto(configuracion.siigo_usuario),
    siigo_access_key: '',
    siigo_partner_id: texto(configuracion.siigo_partner_id),
    tiendas_envio_automatico: configuracion.tiendas_envio_automatico,
    smtp_host: texto(configuracion.smtp_host),
    smtp_puerto: configuracion.smtp_puerto ?? '',
    smtp_seguro: configuracion.smtp_seguro,
    smtp_usuario: texto(configuracion.smtp_usuario),
    smtp_clave: '',
    smtp_remitente: texto(configuracion.smtp_remitente),
  };
}

/** After a save the form holds what was sent, its secrets blank again (they are stored now). */
export function valoresTrasGuardar(valores: FormularioFe): FormularioFe {
  return { ...valores, software_pin: '', siigo_access_key: '', smtp_clave: '' };
}

/** The certificate's state as the screen shows it: red once expired, yellow within the notice days, else green. */
export function estadoCertificado(certificado: { dias_para_vencer: number; vencido: boolean }, diasAviso: number): { color: 'red' | 'yellow' | 'teal'; texto: string } {
  if (certificado.vencido) return { color: 'red', texto: 'Vencido' };
  if (certificado.dias_para_vencer <= diasAviso) {
    return { color: 'yellow', texto: certificado.dias_para_vencer === 1 ? 'Vence en 1 día' : `Vence en ${certificado.dias_para_vencer} días` };
  }
  return { color: 'teal', texto: 'Vigente' };
}

/** The text of a file as base64 (what the certificate upload sends), without the data URL's prefix. */
export function leerComoBase64(archivo: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const lector = new FileReader();
    lector.onload = () => resolve(String(lector.result).replace(/^data:[^,]*,/, ''));
    lector.onerror = () => reject(lector.error ?? new Error('No se pudo leer el archivo'));
    lector.readAsDataURL(archivo);
  });
}
