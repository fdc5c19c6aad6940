import type { TipoDocumentoFE } from '@tablero/domain';
import type { Generated } from 'kysely';

export type ProveedorFE = 'NINGUNO' | 'DIAN' | 'SIIGO';
export type EstadoDocumentoFE = 'PENDIENTE_ENVIO' | 'ENVIANDO' | 'ACEPTADA' | 'RECHAZADA';
export type ResultadoIntentoFE = 'ACEPTADA' | 'RECHAZADA' | 'NO_ENCONTRADA' | 'ERROR' | 'PENDIENTE';
export type EstadoCorreoFE = 'PENDIENTE' | 'ENVIADO' | 'BANDEJA_SALIDA' | 'ERROR';

/** Tables of the factura-electronica module (migration 202611251700_create_factura_electronica). */
export interface FacturaElectronicaTablas {
  /** One row (id 1): the issuer, the DIAN software, the certificate, the provider and SMTP. *_cifrado: encrypted. */
  configuracion_fe: {
    id: number;
    nit: string | null;
    dv: string | null;
    razon_social: string | null;
    nombre_comercial: string | null;
    tipo_persona: Generated<number>;
    responsabilidades_fiscales: Generated<string>;
    direccion: string | null;
    departamento_codigo: string | null;
    municipio_codigo: string | null;
    telefono: string | null;
    correo_electronico: string | null;
    ambiente: Generated<number>;
    software_id: string | null;
    software_pin_cifrado: string | null;
    test_set_id: string | null;
    certificado_p12_cifrado: string | null;
    certificado_clave_cifrada: string | null;
    certificado_sujeto: string | null;
    certificado_vence: Date | null;
    proveedor: Generated<ProveedorFE>;
    proveedor_url: string | null;
    siigo_usuario: string | null;
    siigo_access_key_cifrada: string | null;
    siigo_partner_id: string | null;
    tiendas_envio_automatico: Generated<string[]>;
    smtp_host: string | null;
    smtp_puerto: number | null;
    smtp_seguro: Generated<boolean>;
    smtp_usuario: string | null;
    smtp_clave_cifrada: string | null;
    smtp_remitente: string | null;
    user_id: number | null;
    updated_at: Generated<Date>;
  };
  documento_fe: {
    id: Generated<number>;
    venta_id: number;
    tipo: TipoDocumentoFE;
    numero: string;
    documento_referencia_id: number | null;
    /** Null until the sending job builds it. 'YYYY-MM-DD' and 'HH:MM:SS-05:00', exactly as in the XML. */
    fecha_emision: string | null;
    hora_emision: string | null;
    cufe: string | null;
    ambiente: number | null;
    proveedor: ProveedorFE | null;
    xml_firmado: string | null;
    firmado: Generated<boolean>;
    qr: string | null;
    construido_at: Date | null;
    estado: Generated<EstadoDocumentoFE>;
    mensajes: Generated<string[]>;
    respuesta_dian: string | null;
    fecha_aceptacion: Date | null;
    proveedor_id: string | null;
    /** A note's DIAN concept (ConceptoNotaCredito code) and reason (migrations 202612030300, 202612040100); null on an invoice or POS document. */
    concepto_nota: string | null;
    motivo: string | null;
    /** A partial note's return (ventas' devolucion_venta, migration 202612030500); null for the annulment's note. */
    devolucion_venta_id: number | null;
    user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  intento_envio_fe: {
    id: Generated<number>;
    documento_fe_id: number;
    operacion: 'ENVIO' | 'CONSULTA';
    proveedor: ProveedorFE;
    resultado: ResultadoIntentoFE;
    mensaje: string | null;
    solicitud: string | null;
    respuesta: string | null;
    user_id: number | null;
    inicio: Date;
    fin: Generated<Date>;
  };
  correo_fe: {
    id: Generated<number>;
    documento_fe_id: number;
    destinatarios: string;
    estado: Generated<EstadoCorreoFE>;
    archivo: string | null;
    mensaje: string | null;
    user_id: number | null;
    created_at: Generated<Date>;
    enviado_at: Date | null;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends FacturaElectronicaTablas {}
}
