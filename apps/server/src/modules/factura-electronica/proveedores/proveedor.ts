import type { TipoDocumentoFE } from '@tablero/domain';
import type { ProveedorFE } from '../factura-electronica.tablas';

/**
 * One interface for every route to DIAN (docs/decisions-factura-electronica.md): DIAN's web service directly, or Siigo,
 * which builds and stamps the invoice itself. A job calls `enviar`; before sending again after a failure it calls
 * `consultar`, so an invoice the provider accepted before a timeout is never sent twice.
 */

/** The sale data Siigo builds its own invoice from (DIAN direct sends the signed XML instead). */
export interface VentaParaProveedor {
  ventaId: number;
  /** 'YYYY-MM-DD', Colombian date of the invoice. */
  fecha: string;
  cliente: { tipoIdentificacion: string; numero: string; dv?: string; nombre: string; correo?: string };
  lineas: {
    codigo: string;
    descripcion: string;
    cantidad: string;
    precioUnitarioCentavos: number;
    descuentoCentavos: number;
    /** Our tax ids mapped to the accounting system's (impuesto.siigo_impuesto_id); empty when untaxed. */
    siigoImpuestoIds: number[];
  }[];
  pagos: { nombreFormaPago: string; valorCentavos: number; credito: boolean; vencimiento?: string }[];
  totalCentavos: number;
  observaciones?: string;
}

export interface DocumentoParaEnviar {
  documentoId: number;
  tipo: TipoDocumentoFE;
  /** cbc:ID (prefix + number). */
  numero: string;
  /** Our CUFE (invoice) or CUDE (credit note) as written in the XML. */
  cufe: string;
  fechaEmision: string;
  xmlFirmado: string;
  venta: VentaParaProveedor;
  /** For a credit note: the invoice it annuls, with the provider's id of it when the provider gave one. */
  factura?: { numero: string; cufe: string; fechaEmision: string; proveedorId: string | null };
  /** For a note: DIAN's concept (ConceptoNotaCredito: '1' devolución parcial, '2' anulación) and its reason. */
  nota?: { concepto: string; motivo: string };
  /** The provider's id of this document from an earlier attempt (Siigo's uuid, DIAN's ZipKey), if any. */
  proveedorId: string | null;
}

/** Request and answer as exchanged, kept in intento_envio_fe for audit (secrets removed). */
interface Intercambio {
  solicitud: string;
  respuesta: string;
}

export type ResultadoProveedor = Intercambio &
  (
    | {
        resultado: 'ACEPTADA';
        /** The CUFE/CUDE DIAN registered (Siigo computes its own; DIAN direct echoes ours). */
        cufe: string;
        /** Notifications that did not reject. */
        mensajes: string[];
        /** DIAN's ApplicationResponse, when the route gives it (for the AttachedDocument). */
        respuestaDian?: string;
        proveedorId?: string;
        /** The accounting system's document name (venta.factura_code_siigo), Siigo only. */
        codigoContable?: string;
      }
    | { resultado: 'RECHAZADA'; mensajes: string[]; respuestaDian?: string; proveedorId?: string }
    /** Received but not decided yet (habilitación's async test set, Siigo's pending stamp): ask again later. */
    | { resultado: 'PENDIENTE'; mensajes: string[]; proveedorId?: string }
    /** Status query only: the provider never received this document, so it may be sent. */
    | { resultado: 'NO_ENCONTRADA' }
  );

/** A fault worth retrying (network, timeout, 5xx, rate limit, expired token that could not be renewed). */
export class ErrorTransitorioProveedor extends Error {
  constructor(
    message: string,
    readonly intercambio: Intercambio,
    /** The provider asked to wait this long (Retry-After). */
    readonly reintentarEnSegundos?: number,
  ) {
    super(message);
    this.name = 'ErrorTransitorioProveedor';
  }
}

export interface ProveedorDocumentos {
  readonly nombre: ProveedorFE;
  enviar(documento: DocumentoParaEnviar): Promise<ResultadoProveedor>;
  consultar(documento: DocumentoParaEnviar): Promise<ResultadoProveedor>;
}
