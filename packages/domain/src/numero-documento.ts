/**
 * The one printer of a sale's DIAN document number (invoice, POS document or remission): its range's prefix and its
 * number with no separator, 'FE2', 'REM40', as the DIAN writes the document's number (UBL cbc:ID) and as the
 * customer's invoice shows it (docs/decisions.md, "El número de un documento"). Screens, PDFs, e-mails, spreadsheets
 * and messages print it through here; null while the sale has no number (an order not billed).
 */
export interface NumeroDocumentoVenta {
  prefijo_factura_dian: string | null;
  nro_factura_dian: number | null;
}

export function formatearNumeroDocumento(venta: NumeroDocumentoVenta): string | null {
  if (venta.nro_factura_dian === null) return null;
  return `${(venta.prefijo_factura_dian ?? '').trim()}${venta.nro_factura_dian}`;
}
