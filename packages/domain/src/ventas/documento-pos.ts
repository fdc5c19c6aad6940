import { z } from 'zod';
import { dePesos, formatearPesos, leerPesos } from '../dinero';
import type { ProveedorFe } from '../factura-electronica/configuracion-fe.schema';
import { MENSAJES_NUMERACION, TIPOS_DOCUMENTO_NUMERACION } from '../numeracion/numeracion.schema';

/**
 * The documento equivalente electrónico tiquete POS (Res. 000165 de 2023; docs/decisions-factura-electronica.md,
 * "Documento equivalente POS"): a cash counter sale of up to 5 UVT before taxes may be supported by it instead of an
 * electronic invoice. The buyer may always ask for the invoice, so the bill dialog always offers it.
 */

/** Res. 000165 de 2023: the POS document supports sales of up to 5 UVT before taxes. */
export const UVT_MAXIMAS_POS = 5;

/** The parameter that holds the UVT of a year, in pesos ('UVT_2026' = '52374'), like the other codes the app reads. */
export const codigoParametroUvt = (anio: number | string) => `UVT_${anio}`;

/** A UVT parameter's value in centavos, or null when it is no positive amount of pesos with up to 2 decimals. */
export function leerUvtCentavos(valor: string | null | undefined): number | null {
  const centavos = leerPesos(valor ?? '');
  return typeof centavos === 'number' && centavos > 0 ? centavos : null;
}

/** The POS limit in centavos: 5 UVT of the year. */
export const limitePosCentavos = (uvtCentavos: number) => uvtCentavos * UVT_MAXIMAS_POS;

/** The providers whose documented API sends a POS document: DIAN direct; NINGUNO only builds and signs it. */
export const PROVEEDORES_CON_POS: readonly ProveedorFe[] = ['NINGUNO', 'DIAN'];

export const MENSAJES_POS = {
  credito: 'Una venta a crédito se factura siempre con factura electrónica: el documento equivalente POS es solo para ventas de contado',
  sinUvt: (anio: string) =>
    `No está registrado el valor de la UVT de ${anio}, que fija el tope del documento equivalente POS. Un SuperAdministrador lo registra en Maestros > Parámetros con el código ${codigoParametroUvt(anio)}`,
  excede: (limite: string, subtotal: string) =>
    `El documento equivalente POS admite ventas de hasta ${UVT_MAXIMAS_POS} UVT antes de impuestos (${limite}) y esta venta suma ${subtotal} antes de impuestos. Emita factura electrónica`,
  sinRango: MENSAJES_NUMERACION.sinRango('POS'),
  proveedor:
    'El proveedor de facturación electrónica configurado es Siigo, y su API pública documenta facturas y notas crédito pero no el documento equivalente POS. Emita factura electrónica, o envíe por DIAN directo',
  /** Said on the settings screen when Siigo is chosen. */
  avisoSiigo:
    'Siigo no envía documentos equivalentes POS: su API pública documenta facturas y notas crédito, no el documento equivalente electrónico POS. Con Siigo como proveedor, las ventas de mostrador se facturan con factura electrónica.',
  /** The buyer's right (Res. 000165 de 2023): said beside the choice. */
  derechoComprador: 'El comprador siempre puede pedir factura electrónica en lugar del documento equivalente POS',
} as const;

/** What decides whether a sale may be billed as a POS document; amounts in centavos. */
export interface CondicionesPos {
  credito: boolean;
  /** The sale's subtotal before taxes, after discounts (venta.total_subtotal_venta), in centavos. */
  subtotalCentavos: number;
  /** The billing day's year ('2026'). */
  anio: string;
  /** The UVT of that year in centavos, or null when its parameter is missing or not an amount. */
  uvtCentavos: number | null;
  /** The store has a POS numbering range in force. */
  tieneRango: boolean;
  proveedor: ProveedorFe;
}

/**
 * Why the sale cannot be a POS document, in the order a cashier can act on (credit, the provider, the range, the
 * UVT, the amount), or null when it may. The one rule the bill dialog shows and the server applies.
 */
export function motivoNoPos(c: CondicionesPos): string | null {
  if (c.credito) return MENSAJES_POS.credito;
  if (!PROVEEDORES_CON_POS.includes(c.proveedor)) return MENSAJES_POS.proveedor;
  if (!c.tieneRango) return MENSAJES_POS.sinRango;
  if (c.uvtCentavos === null) return MENSAJES_POS.sinUvt(c.anio);
  const limite = limitePosCentavos(c.uvtCentavos);
  if (c.subtotalCentavos > limite) return MENSAJES_POS.excede(formatearPesos(dePesos(limite)), formatearPesos(dePesos(c.subtotalCentavos)));
  return null;
}

/**
 * GET facturas/{venta_id}/documentos: the kinds the bill dialog offers for the sale, each allowed or not with the
 * reason. Credit is the dialog's choice, so POS is answered as for a cash sale (the dialog adds MENSAJES_POS.credito).
 */
export const documentoAdmitidoSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_NUMERACION),
  permitido: z.boolean(),
  motivo: z.string().nullable(),
});
export type DocumentoAdmitido = z.infer<typeof documentoAdmitidoSchema>;

export const documentosAdmitidosSchema = z.object({
  documentos: z.array(documentoAdmitidoSchema),
  /** 5 UVT of the billing day's year, in pesos; null when the UVT of the year is not registered. */
  limite_pos: z.number().nullable(),
});
export type DocumentosAdmitidos = z.infer<typeof documentosAdmitidosSchema>;
