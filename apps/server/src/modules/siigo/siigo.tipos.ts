/**
 * The shapes Siigo's API exchanges (https://api.siigo.com, "Siigo API" blueprint), in its own field names. Only the
 * fields Tablero sends or reads are declared; Siigo answers more.
 */

/** One entry of Siigo's error body `{ Status, Errors: [{ Code, Message, Params, Detail }] }`. */
export interface ErrorDetalleSiigo {
  codigo: string;
  mensaje: string;
}

export interface PaginaSiigo<T> {
  pagination: { page: number; page_size: number; total_results: number };
  results: T[];
}

export type TipoComprobanteSiigo = 'FV' | 'NC';

export interface TipoDocumentoSiigo {
  id: number;
  code?: string;
  name: string;
  type?: string;
  active: boolean;
  /** How item discounts are sent: a percentage or a value (the document type's configuration in Siigo Nube). */
  discount_type?: 'Percentage' | 'Value';
  electronic_type?: string;
}

export interface TipoPagoSiigo {
  id: number;
  name: string;
  type?: string;
  active: boolean;
  /** The payment type carries a due date (credit). */
  due_date?: boolean;
}

export interface UsuarioSiigo {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  active: boolean;
}

export interface ImpuestoSiigo {
  id: number;
  name: string;
  /** IVA, Impoconsumo, AdValorem (on items) or a retention (Retefuente, ReteIVA, ReteICA, Autorretencion). */
  type: string;
  percentage: number;
  active: boolean;
}

export interface GrupoInventarioSiigo {
  id: number;
  name: string;
  active: boolean;
}

export interface ProductoSiigoEntrada {
  code: string;
  name: string;
  account_group: number;
  /** Siigo also has 'ConsumerGood' and 'Combo'; Tablero's products are a Product or a Service (tipo_producto). */
  type: 'Product' | 'Service';
  stock_control?: boolean;
  active?: boolean;
  tax_classification: 'Taxed' | 'Exempt' | 'Excluded';
  tax_included?: boolean;
  taxes?: { id: number }[];
  prices?: { currency_code: string; price_list: { position: number; value: number }[] }[];
  unit?: string;
  reference?: string;
  description?: string;
}

export interface ProductoSiigo {
  id: string;
  code: string;
  name: string;
  account_group?: { id: number; name?: string };
  type?: string;
  active?: boolean;
  tax_classification?: string;
  tax_included?: boolean;
  taxes?: { id: number; name?: string; percentage?: number }[];
  prices?: { currency_code: string; price_list: { position: number; name?: string; value: number }[] }[];
  description?: string;
}

export interface ItemSiigoEntrada {
  code: string;
  description?: string;
  quantity: number;
  price: number;
  /** A percentage or a value, as the document type's discount_type says. */
  discount?: number;
  taxes?: { id: number }[];
}

export interface PagoSiigoEntrada {
  id: number;
  value: number;
  due_date?: string;
}

export interface FacturaSiigoEntrada {
  document: { id: number };
  date: string;
  customer: { identification: string; branch_office?: number };
  seller: number;
  observations?: string;
  items: ItemSiigoEntrada[];
  payments: PagoSiigoEntrada[];
  stamp?: { send: boolean };
  mail?: { send: boolean };
}

/** Siigo's electronic state of a document: Draft (not sent), Accepted, Rejected; anything else is still on its way. */
export interface TimbradoSiigo {
  status?: string;
  cufe?: string;
  cude?: string;
  observations?: string;
  errors?: string | null;
}

export interface FacturaSiigo {
  id: string;
  document?: { id: number };
  number?: number;
  /** 'FV-2-22': the document type's code and the number (venta.factura_code_siigo). */
  name: string;
  date?: string;
  total?: number;
  balance?: number;
  stamp?: TimbradoSiigo;
  public_url?: string;
}

export interface NotaCreditoSiigoEntrada {
  document: { id: number };
  date: string;
  /** The Siigo invoice it corrects, or the invoice's data when Siigo did not issue it. */
  invoice?: string;
  invoice_data?: { prefix: string; number: number; cufe: string; date: string };
  customer?: { identification: string; branch_office?: number };
  /** DIAN concept of the correction: '2' annuls the invoice. */
  reason: string;
  seller?: number;
  observations?: string;
  items: ItemSiigoEntrada[];
  payments: PagoSiigoEntrada[];
  stamp?: { send: boolean };
  mail?: { send: boolean };
}

export interface NotaCreditoSiigo {
  id: string;
  name: string;
  date?: string;
  total?: number;
  invoice?: { id: string; name?: string };
  stamp?: TimbradoSiigo;
}
