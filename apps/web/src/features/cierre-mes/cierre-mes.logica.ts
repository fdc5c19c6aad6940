import { formatearNumeroDocumento, INSIGNIAS_FACTURACION, type NumeroDocumentoVenta, type VentaMesCierre } from '@tablero/domain';

/**
 * What tells which system billed a sale (spec 002 §4) and, when the server says it, what the sale is as a fiscal
 * document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal").
 */
export type DatosPlataforma = Pick<VentaMesCierre, 'fecha_factura_dian' | 'factura_code_siigo'> & Partial<Pick<VentaMesCierre, 'documento_fiscal'>>;

/** Which system billed a sale, as the month closing badges it (spec 002 §4), or the e-invoice DIAN has not accepted. */
export type Plataforma = 'dian' | 'siigo' | 'remision' | 'pendiente' | 'rechazada' | 'pos' | 'posPendiente' | 'posRechazado';

/**
 * spec 002 §4 Sale billing badge: 'Enviado a la DIAN' when fecha_factura_dian is set; SIIGO when factura_code_siigo is
 * set; Remisión when neither. A sale with both was sent to the DIAN: that one wins. An e-invoice pending to send or
 * rejected is never badged a remission: it says so; a POS document says it is one, and its state when not accepted.
 */
export function plataformaVenta(venta: DatosPlataforma): Plataforma {
  if (venta.documento_fiscal === 'FE_PENDIENTE') return 'pendiente';
  if (venta.documento_fiscal === 'FE_RECHAZADA') return 'rechazada';
  // A documento equivalente POS says it is one, in its state (docs/decisions-reportes-dinero.md).
  if (venta.documento_fiscal === 'POS_ACEPTADO') return 'pos';
  if (venta.documento_fiscal === 'POS_PENDIENTE') return 'posPendiente';
  if (venta.documento_fiscal === 'POS_RECHAZADO') return 'posRechazado';
  if (venta.fecha_factura_dian) return 'dian';
  if (venta.factura_code_siigo) return 'siigo';
  return 'remision';
}

/** The badge of each platform: the spec's text (packages/domain) and its colour. */
export const INSIGNIAS_PLATAFORMA: Record<Plataforma, { texto: string; color: string }> = {
  dian: { texto: INSIGNIAS_FACTURACION.dian, color: 'teal' },
  siigo: { texto: INSIGNIAS_FACTURACION.siigo, color: 'blue' },
  remision: { texto: INSIGNIAS_FACTURACION.remision, color: 'gray' },
  pendiente: { texto: 'FE pendiente', color: 'yellow' },
  rechazada: { texto: 'FE rechazada', color: 'red' },
  pos: { texto: 'POS', color: 'teal' },
  posPendiente: { texto: 'POS pendiente', color: 'yellow' },
  posRechazado: { texto: 'POS rechazado', color: 'red' },
};

/** A month as the picker holds it: 'yyyy-mm' (spec 002 §2.8, mask yyyy-mm). */
export type Mes = string;

/** The month of a calendar date 'yyyy-mm-dd'. */
export function mesDe(fecha: string): Mes {
  return fecha.slice(0, 7);
}

/** The month before `mes` ('2026-01' → '2025-12'). */
export function mesAnterior(mes: Mes): Mes {
  const [anio, numero] = mes.split('-').map(Number) as [number, number];
  const indice = anio * 12 + (numero - 1) - 1;
  return `${String(Math.floor(indice / 12)).padStart(4, '0')}-${String((indice % 12) + 1).padStart(2, '0')}`;
}

/** The body's year and month of POST cierre-mes/* (`mes` two digits, spec 002 §7). */
export function partesMes(mes: Mes): { anio: number; mes: string } {
  const [anio = '', numero = ''] = mes.split('-');
  return { anio: Number(anio), mes: numero.padStart(2, '0') };
}

/** A month can be closed once it has ended: strictly before today's month (business time zone). */
export function mesTerminado(mes: Mes, hoy: string): boolean {
  return mes < mesDe(hoy);
}

const NOMBRES_MES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'octubre de 2026', as a sentence names a month. */
export function nombreMesLargo(mes: Mes): string {
  const { anio, mes: numero } = partesMes(mes);
  return `${NOMBRES_MES[Number(numero) - 1] ?? numero} de ${anio}`;
}

/** A customer's name from its parts, trimmed ('' when none). */
export function nombreCliente(nombres: string | null | undefined, apellidos: string | null | undefined): string {
  return `${nombres ?? ''} ${apellidos ?? ''}`.replace(/\s+/g, ' ').trim();
}

/** Rows of one method, in the order they came (the server sorts them). */
export function lineasDeForma<T extends { forma_pago_id: number }>(lineas: readonly T[], formaPagoId: number): T[] {
  return lineas.filter((linea) => linea.forma_pago_id === formaPagoId);
}

/** A billed sale's document number as printed ('FE12', 'REM40', formatearNumeroDocumento); '' when it has none. */
export function documentoVenta(venta: NumeroDocumentoVenta): string {
  return formatearNumeroDocumento(venta) ?? '';
}
