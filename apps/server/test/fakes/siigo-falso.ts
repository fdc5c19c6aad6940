import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as esperar } from 'node:timers/promises';

/**
 * A local stand-in for Siigo's API (https://api.siigo.com) for tests and browser journeys: the endpoints Tablero
 * uses, with Siigo's rules that matter to it — a token from POST /auth that expires, the Partner-Id header required
 * everywhere, a per-minute request limit answered with 429 and Retry-After, Idempotency-Key on documents (the same key
 * answers the same document, never a second one), products required by code on invoices, payments that must add up
 * to the total Siigo computes, and the DIAN outcome of stamping chosen by a mode. Errors have Siigo's shape
 * `{ Status, Errors: [{ Code, Message, Params, Detail }] }`. Real HTTP on 127.0.0.1; nothing is mocked in the client.
 */

/** What stamping answers: accepted, rejected with DIAN's reasons, still pending, or the invoice is created and the
 * answer never comes (a lost response), or Siigo fails with 500 before doing anything. */
export type ModoSiigoFalso = 'aceptada' | 'rechazada' | 'pendiente' | 'sin-respuesta' | 'error-servidor';
export const MODOS: readonly ModoSiigoFalso[] = ['aceptada', 'rechazada', 'pendiente', 'sin-respuesta', 'error-servidor'];

export const CATALOGO_SIIGO_FALSO = {
  tiposDocumento: [
    { id: 24446, code: '1', name: 'Factura', type: 'FV', active: true, discount_type: 'Value', electronic_type: 'ElectronicInvoice' },
    { id: 24447, code: '2', name: 'Factura POS', type: 'FV', active: false, discount_type: 'Value', electronic_type: 'NoElectronic' },
    { id: 77775, code: '1', name: 'Nota Crédito', type: 'NC', active: true, discount_type: 'Value', electronic_type: 'ElectronicInvoice' },
  ],
  tiposPago: {
    FV: [
      { id: 5636, name: 'Crédito', type: 'Cartera', active: true, due_date: true },
      { id: 2883, name: 'Efectivo', type: 'Cartera', active: true, due_date: false },
      { id: 2884, name: 'Tarjeta débito', type: 'Cartera', active: true, due_date: false },
      { id: 2885, name: 'Transferencia bancaria', type: 'Cartera', active: true, due_date: false },
      { id: 2886, name: 'Cheque', type: 'Cartera', active: false, due_date: false },
    ],
    NC: [
      { id: 6636, name: 'Crédito', type: 'Cartera', active: true, due_date: true },
      { id: 3883, name: 'Efectivo', type: 'Cartera', active: true, due_date: false },
    ],
  },
  usuarios: [
    { id: 628, username: 'retirado@empresa.test', first_name: 'Usuario', last_name: 'Retirado', email: 'retirado@empresa.test', active: false },
    { id: 629, username: 'ventas@empresa.test', first_name: 'Ventas', last_name: 'Tablero', email: 'ventas@empresa.test', active: true },
  ],
  impuestos: [
    { id: 13156, name: 'IVA 19%', type: 'IVA', percentage: 19, active: true },
    { id: 13157, name: 'IVA 5%', type: 'IVA', percentage: 5, active: true },
    { id: 13158, name: 'IVA 16%', type: 'IVA', percentage: 16, active: false },
    { id: 13160, name: 'Impoconsumo 8%', type: 'Impoconsumo', percentage: 8, active: true },
    { id: 13170, name: 'Retefuente 2.5%', type: 'Retefuente', percentage: 2.5, active: true },
  ],
  gruposInventario: [
    { id: 1253, name: 'Productos', active: true },
    { id: 1254, name: 'Servicios', active: true },
    { id: 1255, name: 'Inventario en desuso', active: false },
  ],
};

type Catalogo = typeof CATALOGO_SIIGO_FALSO;

export interface ProductoSiigoFalso {
  id: string;
  code: string;
  name: string;
  account_group: { id: number; name: string };
  type: string;
  stock_control: boolean;
  active: boolean;
  tax_classification: string;
  tax_included: boolean;
  taxes: { id: number; name: string; type: string; percentage: number }[];
  prices: { currency_code: string; price_list: { position: number; name: string; value: number }[] }[];
  unit: { code: string; name: string };
  description: string;
  metadata: { created: string; last_updated: string | null };
}

interface Timbrado {
  status: string;
  cufe?: string;
  cude?: string;
  observations: string;
  errors: string;
}

export interface DocumentoSiigoFalso {
  id: string;
  number: number;
  name: string;
  date: string;
  total: number;
  /** The Idempotency-Key it was created with. */
  idempotencyKey: string | null;
  cuerpo: Record<string, unknown>;
  stamp: Timbrado;
  /** DIAN's reasons when rejected (GET …/stamp/errors). */
  erroresTimbrado: string[];
}

export interface OpcionesSiigoFalso {
  /** Valid credentials of POST /auth. */
  usuario?: string;
  accessKey?: string;
  /** How long a token lasts (24 h); its expires_in says so in seconds. */
  duracionTokenMs?: number;
  /** Requests per window before 429 (100), and the window (60 s). */
  limitePorMinuto?: number;
  ventanaMs?: number;
  modo?: ModoSiigoFalso;
  /** Products Siigo already has. */
  productos?: { code: string; name: string; account_group?: number; taxes?: number[]; price?: number; tax_classification?: string }[];
  /** Catalog entries that differ from CATALOGO_SIIGO_FALSO (demo ids for the browser journeys). */
  catalogo?: Partial<Catalogo>;
  /** DIAN's reasons in 'rechazada' mode. */
  mensajesRechazo?: string[];
  /** Every answer waits this long (0): a slow Siigo, to overlap two syncs. */
  demoraMs?: number;
  /** Siigo refuses invoice items whose code it does not have (true); a journey may relax it. */
  exigirProductos?: boolean;
  puerto?: number;
}

export interface EstadoSiigoFalso {
  facturas: DocumentoSiigoFalso[];
  notasCredito: DocumentoSiigoFalso[];
  productos: ProductoSiigoFalso[];
  /** The bodies of POST and PUT /v1/products as received, in order (what a product sync sent). */
  cuerposProductos: Record<string, unknown>[];
  /** Every request received, 429s and refusals included. */
  solicitudes: number;
  /** 'METHOD /path' → count. */
  porRuta: Record<string, number>;
  /** Tokens handed out by POST /auth. */
  autenticaciones: number;
  /** The Partner-Id of the last request that carried one. */
  ultimoPartnerId: string | null;
  catalogo: Catalogo;
}

export interface SiigoFalso {
  url: string;
  estado: EstadoSiigoFalso;
  fijarModo(modo: ModoSiigoFalso): void;
  fijarDemora(ms: number): void;
  /** Decides the pending stamps (a later GET answers the outcome). */
  decidirPendientes(resultado: 'aceptada' | 'rechazada'): void;
  /** Forgets every token handed out: the next call with one gets 401. */
  revocarTokens(): void;
  cerrar(): Promise<void>;
}

const MENSAJES_RECHAZO = [
  'Regla: FAJ44b, Rechazo: Nit o Documento de Identificación informado No se encuentra autorizado',
  'Regla: FAD09e, Rechazo: El valor de la factura no coincide con la suma de sus líneas',
];

class RespuestaSiigo extends Error {
  constructor(
    readonly estado: number,
    readonly codigo: string,
    mensaje: string,
    readonly parametros: string[] = [],
    readonly cabeceras: Record<string, string> = {},
  ) {
    super(mensaje);
  }
}

const rechazo = (estado: number, codigo: string, mensaje: string, parametros: string[] = []) => new RespuestaSiigo(estado, codigo, mensaje, parametros);

const redondear2 = (valor: number) => Math.round((valor + Number.EPSILON) * 100) / 100;

function leerCuerpo(solicitud: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    solicitud.on('data', (parte: Buffer) => partes.push(parte));
    solicitud.on('end', () => resolve(Buffer.concat(partes).toString('utf8')));
    solicitud.on('error', reject);
  });
}

export async function iniciarSiigoFalso(opciones: OpcionesSiigoFalso = {}): Promise<SiigoFalso> {
  const usuario = opciones.usuario ?? 'integracion@empresa.test';
  const accessKey = opciones.accessKey ?? 'llave-de-acceso-de-prueba';
  const duracionTokenMs = opciones.duracionTokenMs ?? 24 * 60 * 60_000;
  const limitePorMinuto = opciones.limitePorMinuto ?? 100;
  const ventanaMs = opciones.ventanaMs ?? 60_000;
  const mensajesRechazo = opciones.mensajesRechazo ?? MENSAJES_RECHAZO;
  const exigirProductos = opciones.exigirProductos ?? true;
  let modo: ModoSiigoFalso = opciones.modo ?? 'aceptada';
  let demoraMs = opciones.demoraMs ?? 0;
  const catalogo: Catalogo = structuredClone({ ...CATALOGO_SIIGO_FALSO, ...opciones.catalogo });
  const tokens = new Map<string, number>();
  const porClave = { facturas: new Map<string, DocumentoSiigoFalso>(), notasCredito: new Map<string, DocumentoSiigoFalso>() };
  let ventana = { inicio: 0, solicitudes: 0 };
  let consecutivo = 0;
  const colgadas = new Set<ServerResponse>();

  const estado: EstadoSiigoFalso = { facturas: [], notasCredito: [], productos: [], cuerposProductos: [], solicitudes: 0, porRuta: {}, autenticaciones: 0, ultimoPartnerId: null, catalogo };

  const impuestoPorId = (id: number) => catalogo.impuestos.find((impuesto) => impuesto.id === id);
  const grupoPorId = (id: number) => catalogo.gruposInventario.find((grupo) => grupo.id === id);

  function productoDesde(entrada: Record<string, unknown>, anterior?: ProductoSiigoFalso): ProductoSiigoFalso {
    const code = entrada.code;
    if (typeof code !== 'string' || !code) throw rechazo(400, 'parameter_required', 'The field code is required', ['code']);
    if (!/^[^'\s]+$/.test(code)) throw rechazo(400, 'invalid_code', "The code can't contain blank spaces or single quotes", ['code']);
    if (typeof entrada.name !== 'string' || !entrada.name.trim()) throw rechazo(400, 'parameter_required', 'The field name is required', ['name']);
    const grupo = grupoPorId(Number(entrada.account_group));
    if (!grupo) throw rechazo(400, 'invalid_reference', `The account group ${String(entrada.account_group)} doesn't exist`, ['account_group']);
    if (!grupo.active) throw rechazo(400, 'parameter_inactive', `The account group ${grupo.id} is inactive`, ['account_group']);
    const otro = estado.productos.find((producto) => producto.code.toLowerCase() === code.toLowerCase() && producto.id !== anterior?.id);
    if (otro) throw rechazo(400, 'already_exists', `The product code ${code} already exists`, ['code']);
    const taxes = ((entrada.taxes as { id: number }[] | undefined) ?? []).map(({ id }) => {
      const impuesto = impuestoPorId(id);
      if (!impuesto) throw rechazo(400, 'invalid_reference', `The tax ${id} doesn't exist`, ['taxes']);
      if (!impuesto.active) throw rechazo(400, 'parameter_inactive', `The tax ${id} is inactive`, ['taxes']);
      return { id: impuesto.id, name: impuesto.name, type: impuesto.type, percentage: impuesto.percentage };
    });
    const precios = (entrada.prices as ProductoSiigoFalso['prices'] | undefined) ?? [];
    return {
      id: anterior?.id ?? randomUUID(),
      code,
      name: entrada.name,
      account_group: { id: grupo.id, name: grupo.name },
      type: typeof entrada.type === 'string' ? entrada.type : 'Product',
      stock_control: Boolean(entrada.stock_control),
      active: entrada.active !== false,
      tax_classification: typeof entrada.tax_classification === 'string' ? entrada.tax_classification : 'Taxed',
      tax_included: Boolean(entrada.tax_included),
      taxes,
      prices: precios.map((precio) => ({
        currency_code: precio.currency_code,
        price_list: precio.price_list.map((lista) => ({ position: lista.position, name: `Precio de venta ${lista.position}`, value: lista.value })),
      })),
      unit: { code: typeof entrada.unit === 'string' ? entrada.unit : '94', name: 'unidad' },
      description: typeof entrada.description === 'string' ? entrada.description : '',
      metadata: { created: anterior?.metadata.created ?? new Date().toISOString(), last_updated: anterior ? new Date().toISOString() : null },
    };
  }

  for (const semilla of opciones.productos ?? []) {
    estado.productos.push(
      productoDesde({
        code: semilla.code,
        name: semilla.name,
        account_group: semilla.account_group ?? catalogo.gruposInventario.find((grupo) => grupo.active)!.id,
        taxes: (semilla.taxes ?? []).map((id) => ({ id })),
        tax_classification: semilla.tax_classification,
        prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: semilla.price ?? 0 }] }],
      }),
    );
  }

  /** Siigo's total: per item base = round(qty × price − discount, 2), tax = round(base × % / 100, 2). */
  function totalDe(items: Record<string, unknown>[], discountType: string): number {
    let total = 0;
    for (const item of items) {
      const code = item.code;
      if (typeof code !== 'string' || (exigirProductos && !estado.productos.some((producto) => producto.code === code))) {
        throw rechazo(400, 'invalid_reference', `The product code ${String(code)} doesn't exist`, ['items.code']);
      }
      const cantidad = Number(item.quantity);
      const precio = Number(item.price);
      if (!(cantidad > 0) || !(precio >= 0)) throw rechazo(400, 'invalid_value', 'Quantity and price must be positive', ['items']);
      const bruto = cantidad * precio;
      const descuento = Number(item.discount ?? 0);
      const base = redondear2(bruto - (discountType === 'Percentage' ? redondear2((bruto * descuento) / 100) : descuento));
      let impuestos = 0;
      for (const { id } of (item.taxes as { id: number }[] | undefined) ?? []) {
        const impuesto = impuestoPorId(id);
        if (!impuesto || !impuesto.active) throw rechazo(400, 'invalid_reference', `The tax ${id} doesn't exist or is inactive`, ['items.taxes']);
        impuestos += redondear2((base * impuesto.percentage) / 100);
      }
      total = redondear2(total + redondear2(base + impuestos));
    }
    return total;
  }

  /** Checks a document body as Siigo does; answers its total. */
  function validarDocumento(cuerpo: Record<string, unknown>, tipo: 'FV' | 'NC'): number {
    const documento = catalogo.tiposDocumento.find((tipoDocumento) => tipoDocumento.id === Number((cuerpo.document as { id?: unknown })?.id));
    if (!documento || documento.type !== tipo || !documento.active) {
      throw rechazo(400, 'invalid_document', `The document type ${String((cuerpo.document as { id?: unknown })?.id)} is not a valid ${tipo}`, ['document.id']);
    }
    if (typeof cuerpo.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(cuerpo.date)) throw rechazo(400, 'invalid_date', 'The date format must be yyyy-MM-dd', ['date']);
    if (tipo === 'FV' || cuerpo.invoice_data) {
      const identificacion = (cuerpo.customer as { identification?: unknown } | undefined)?.identification;
      if (typeof identificacion !== 'string' || !/^[\dA-Za-z][\dA-Za-z-]+[\dA-Za-z]$/.test(identificacion)) {
        throw rechazo(400, 'invalid_identification', 'The customer identification is invalid', ['customer.identification']);
      }
    }
    if (tipo === 'FV' || cuerpo.seller !== undefined) {
      const vendedor = catalogo.usuarios.find((usuarioSiigo) => usuarioSiigo.id === Number(cuerpo.seller));
      if (!vendedor) throw rechazo(400, 'invalid_reference', `The seller ${String(cuerpo.seller)} doesn't exist`, ['seller']);
      if (!vendedor.active) throw rechazo(400, 'parameter_inactive', `The seller ${vendedor.id} is inactive`, ['seller']);
    }
    const items = cuerpo.items;
    if (!Array.isArray(items) || items.length === 0) throw rechazo(400, 'parameter_required', 'The field items is required', ['items']);
    const total = totalDe(items as Record<string, unknown>[], documento.discount_type);
    const pagos = cuerpo.payments;
    if (!Array.isArray(pagos) || pagos.length === 0) throw rechazo(400, 'parameter_required', 'The field payments is required', ['payments']);
    let pagado = 0;
    for (const pago of pagos as { id?: unknown; value?: unknown; due_date?: unknown }[]) {
      const tipoPago = catalogo.tiposPago[tipo].find((tipoPagoSiigo) => tipoPagoSiigo.id === Number(pago.id));
      if (!tipoPago) throw rechazo(400, 'invalid_payment', `The payment type ${String(pago.id)} is not valid for ${tipo}`, ['payments.id']);
      if (!tipoPago.active) throw rechazo(400, 'parameter_inactive', `The payment type ${tipoPago.id} is inactive`, ['payments.id']);
      if (tipoPago.due_date && typeof pago.due_date !== 'string') throw rechazo(400, 'parameter_required', 'The field due_date is required', ['payments.due_date']);
      pagado = redondear2(pagado + Number(pago.value));
    }
    if (Math.abs(pagado - total) > 0.001) {
      throw rechazo(400, 'invalid_total_payments', `The total payments (${pagado}) must be equal to the total invoice (${total})`, ['payments']);
    }
    return total;
  }

  function timbrar(cufe: 'cufe' | 'cude', semilla: string): { stamp: Timbrado; erroresTimbrado: string[] } {
    const codigo = createHash('sha384').update(semilla).digest('hex');
    if (modo === 'rechazada') {
      return { stamp: { status: 'Rejected', observations: '', errors: mensajesRechazo.join(' | ') }, erroresTimbrado: [...mensajesRechazo] };
    }
    if (modo === 'pendiente') return { stamp: { status: 'Pending', observations: '', errors: '' }, erroresTimbrado: [] };
    // 'aceptada', and 'sin-respuesta': Siigo did the work, only its answer is lost.
    return { stamp: { status: 'Accepted', [cufe]: codigo, observations: '', errors: '' }, erroresTimbrado: [] };
  }

  function vistaFactura(factura: DocumentoSiigoFalso) {
    return {
      id: factura.id,
      document: factura.cuerpo.document,
      number: factura.number,
      name: factura.name,
      date: factura.date,
      customer: factura.cuerpo.customer,
      total: factura.total,
      balance: 0,
      seller: factura.cuerpo.seller,
      items: factura.cuerpo.items,
      payments: factura.cuerpo.payments,
      stamp: factura.stamp,
      mail: { status: 'not_sent', observations: '' },
      public_url: `https://documentview.siigo.test/document?data=${factura.id}`,
      metadata: { created: new Date().toISOString() },
    };
  }

  function vistaNota(nota: DocumentoSiigoFalso) {
    const factura = estado.facturas.find((candidata) => candidata.id === nota.cuerpo.invoice);
    return {
      id: nota.id,
      document: nota.cuerpo.document,
      number: nota.number,
      name: nota.name,
      date: nota.date,
      invoice: factura ? { id: factura.id, name: factura.name } : undefined,
      total: nota.total,
      items: nota.cuerpo.items,
      payments: nota.cuerpo.payments,
      stamp: nota.stamp,
      metadata: { created: new Date().toISOString() },
    };
  }

  /** POST /v1/invoices and /v1/credit-notes: answers the document already created under the key, or creates one. */
  function crearDocumento(cuerpo: Record<string, unknown>, clave: string | null, tipo: 'FV' | 'NC'): { estado: number; cuerpo: unknown } {
    const mapa = tipo === 'FV' ? porClave.facturas : porClave.notasCredito;
    const vista = tipo === 'FV' ? vistaFactura : vistaNota;
    const previo = clave ? mapa.get(clave) : undefined;
    if (previo) return { estado: 201, cuerpo: vista(previo) };
    if (modo === 'error-servidor') throw rechazo(500, 'unhandled_error', 'Unhandled error');
    const total = validarDocumento(cuerpo, tipo);
    if (tipo === 'NC') {
      const factura = estado.facturas.find((candidata) => candidata.id === cuerpo.invoice);
      if (!factura && !cuerpo.invoice_data) throw rechazo(400, 'invalid_reference', `The invoice ${String(cuerpo.invoice)} doesn't exist`, ['invoice']);
      if (factura && factura.stamp.status !== 'Accepted') {
        throw rechazo(400, 'invalid_document', 'The invoice must be sent to DIAN before applying a credit note', ['invoice']);
      }
      if (!['1', '2', '3', '4', '5', '6'].includes(String(cuerpo.reason))) throw rechazo(400, 'invalid_value', 'The reason is not valid', ['reason']);
    }
    const numero = ++consecutivo;
    const id = randomUUID();
    const documento: DocumentoSiigoFalso = {
      id,
      number: numero,
      name: `${tipo}-1-${numero}`,
      date: String(cuerpo.date),
      total,
      idempotencyKey: clave,
      cuerpo,
      ...timbrar(tipo === 'FV' ? 'cufe' : 'cude', id),
    };
    (tipo === 'FV' ? estado.facturas : estado.notasCredito).push(documento);
    if (clave) mapa.set(clave, documento);
    return { estado: 201, cuerpo: vista(documento) };
  }

  function paginar<T>(lista: T[], parametros: URLSearchParams, ruta: string) {
    const pagina = Math.max(1, Number(parametros.get('page') ?? 1) || 1);
    const tamano = Math.min(100, Math.max(1, Number(parametros.get('page_size') ?? 25) || 25));
    return {
      pagination: { page: pagina, page_size: tamano, total_results: lista.length },
      results: lista.slice((pagina - 1) * tamano, pagina * tamano),
      _links: { self: { href: `${ruta}?page=${pagina}&page_size=${tamano}` } },
    };
  }

  async function atender(solicitud: IncomingMessage): Promise<{ estado: number; cuerpo: unknown } | 'colgar'> {
    const direccion = new URL(solicitud.url ?? '/', 'http://siigo.falso');
    const ruta = direccion.pathname;
    const metodo = solicitud.method ?? 'GET';
    // Control of the fake for browser journeys (not Siigo's): the mode, and what it holds. Not counted.
    if (ruta === '/__falso/modo' && metodo === 'POST') {
      const { modo: nuevo } = JSON.parse((await leerCuerpo(solicitud)) || '{}') as { modo?: ModoSiigoFalso };
      if (!nuevo || !MODOS.includes(nuevo)) throw rechazo(400, 'invalid_value', `modo: ${MODOS.join(', ')}`);
      modo = nuevo;
      return { estado: 200, cuerpo: { modo } };
    }
    if (ruta === '/__falso/estado' && metodo === 'GET') return { estado: 200, cuerpo: { modo, ...estado } };
    estado.solicitudes++;
    estado.porRuta[`${metodo} ${ruta}`] = (estado.porRuta[`${metodo} ${ruta}`] ?? 0) + 1;

    const ahora = Date.now();
    if (ahora - ventana.inicio >= ventanaMs) ventana = { inicio: ahora, solicitudes: 0 };
    if (++ventana.solicitudes > limitePorMinuto) {
      const segundos = Math.max(1, Math.ceil((ventana.inicio + ventanaMs - ahora) / 1000));
      throw new RespuestaSiigo(429, 'requests_limit', 'Too many requests, the limit is per minute', [], { 'Retry-After': String(segundos) });
    }
    const partnerId = solicitud.headers['partner-id'];
    if (typeof partnerId !== 'string' || !partnerId) throw rechazo(400, 'header_required', 'The header Partner-Id is required', ['Partner-Id']);
    if (!/^[A-Za-z0-9]{3,100}$/.test(partnerId)) throw rechazo(400, 'invalid_partner_id', 'The header Partner-Id is invalid', ['Partner-Id']);
    estado.ultimoPartnerId = partnerId;

    const texto = await leerCuerpo(solicitud);
    let cuerpo: Record<string, unknown> = {};
    if (texto) {
      try {
        cuerpo = JSON.parse(texto) as Record<string, unknown>;
      } catch {
        throw rechazo(400, 'invalid_type', 'The body is not valid JSON');
      }
    }

    if (metodo === 'POST' && ruta === '/auth') {
      if (cuerpo.username !== usuario || cuerpo.access_key !== accessKey) {
        throw rechazo(401, 'unauthorized', 'The username or access key are invalid');
      }
      const token = `falso.${randomUUID()}`;
      tokens.set(token, Date.now() + duracionTokenMs);
      estado.autenticaciones++;
      return { estado: 200, cuerpo: { access_token: token, expires_in: Math.ceil(duracionTokenMs / 1000), token_type: 'Bearer', scope: 'SiigoAPI' } };
    }

    const [tipo, token] = (solicitud.headers.authorization ?? '').split(' ');
    const vence = token ? tokens.get(token) : undefined;
    if (tipo !== 'Bearer' || vence === undefined || vence <= Date.now()) {
      throw rechazo(401, 'unauthorized', 'The access token is invalid or has expired');
    }

    const clave = solicitud.headers['idempotency-key'];
    const idempotencia = typeof clave === 'string' ? clave : null;
    if (idempotencia !== null && !/^[A-Za-z0-9]{1,30}$/.test(idempotencia)) {
      throw rechazo(400, 'invalid_idempotency-key', 'The Idempotency-Key is invalid', ['Idempotency-Key']);
    }
    const parametros = direccion.searchParams;
    let coincidencia: RegExpExecArray | null;

    if (metodo === 'GET' && ruta === '/v1/document-types') {
      return { estado: 200, cuerpo: catalogo.tiposDocumento.filter((tipoDocumento) => tipoDocumento.type === parametros.get('type')) };
    }
    if (metodo === 'GET' && ruta === '/v1/payment-types') {
      const tipoDocumento = parametros.get('document_type');
      if (tipoDocumento !== 'FV' && tipoDocumento !== 'NC') throw rechazo(400, 'parameter_required', 'The parameter document_type is required', ['document_type']);
      return { estado: 200, cuerpo: catalogo.tiposPago[tipoDocumento] };
    }
    if (metodo === 'GET' && ruta === '/v1/users') return { estado: 200, cuerpo: paginar(catalogo.usuarios, parametros, ruta) };
    if (metodo === 'GET' && ruta === '/v1/taxes') return { estado: 200, cuerpo: catalogo.impuestos };
    if (metodo === 'GET' && ruta === '/v1/account-groups') return { estado: 200, cuerpo: catalogo.gruposInventario };
    if (metodo === 'GET' && ruta === '/v1/products') {
      const codigo = parametros.get('code');
      const lista = codigo ? estado.productos.filter((producto) => producto.code === codigo) : estado.productos;
      return { estado: 200, cuerpo: paginar(lista, parametros, ruta) };
    }
    if ((metodo === 'POST' && ruta === '/v1/products') || (metodo === 'PUT' && ruta.startsWith('/v1/products/'))) estado.cuerposProductos.push(cuerpo);
    if (metodo === 'POST' && ruta === '/v1/products') {
      const producto = productoDesde(cuerpo);
      estado.productos.push(producto);
      return { estado: 201, cuerpo: producto };
    }
    if (metodo === 'PUT' && (coincidencia = /^\/v1\/products\/([^/]+)$/.exec(ruta))) {
      const indice = estado.productos.findIndex((producto) => producto.id === coincidencia![1]);
      if (indice === -1) throw rechazo(404, 'not_found', 'The product was not found');
      estado.productos[indice] = productoDesde(cuerpo, estado.productos[indice]);
      return { estado: 200, cuerpo: estado.productos[indice] };
    }
    if (metodo === 'POST' && (ruta === '/v1/invoices' || ruta === '/v1/credit-notes')) {
      const resultado = crearDocumento(cuerpo, idempotencia, ruta === '/v1/invoices' ? 'FV' : 'NC');
      // The document exists now; its answer is lost on the way back.
      if (modo === 'sin-respuesta') return 'colgar';
      return resultado;
    }
    if (metodo === 'GET' && (coincidencia = /^\/v1\/invoices\/([^/]+)(\/stamp\/errors)?$/.exec(ruta))) {
      const factura = estado.facturas.find((candidata) => candidata.id === coincidencia![1]);
      if (!factura) throw rechazo(404, 'not_found', 'The invoice was not found');
      if (coincidencia[2]) return { estado: 200, cuerpo: { id: factura.id, errors: factura.erroresTimbrado.map((message) => ({ message })) } };
      return { estado: 200, cuerpo: vistaFactura(factura) };
    }
    if (metodo === 'GET' && (coincidencia = /^\/v1\/credit-notes\/([^/]+)$/.exec(ruta))) {
      const nota = estado.notasCredito.find((candidata) => candidata.id === coincidencia![1]);
      if (!nota) throw rechazo(404, 'not_found', 'The credit note was not found');
      return { estado: 200, cuerpo: vistaNota(nota) };
    }
    throw rechazo(404, 'not_found', `${metodo} ${ruta} is not part of this fake`);
  }

  const servidor = createServer((solicitud, respuesta) => {
    esperar(demoraMs)
      .then(() => atender(solicitud))
      .then((resultado) => {
        if (resultado === 'colgar') {
          colgadas.add(respuesta);
          respuesta.on('close', () => colgadas.delete(respuesta));
          return;
        }
        respuesta.writeHead(resultado.estado, { 'Content-Type': 'application/json; charset=utf-8' });
        respuesta.end(JSON.stringify(resultado.cuerpo));
      })
      .catch((error: unknown) => {
        const falla = error instanceof RespuestaSiigo ? error : new RespuestaSiigo(500, 'unhandled_error', (error as Error).message);
        respuesta.writeHead(falla.estado, { 'Content-Type': 'application/json; charset=utf-8', ...falla.cabeceras });
        respuesta.end(
          JSON.stringify({
            Status: falla.estado,
            Errors: [{ Code: falla.codigo, Message: falla.message, Params: falla.parametros, Detail: 'Check the API documentation' }],
          }),
        );
      });
  });

  await new Promise<void>((resolve) => servidor.listen(opciones.puerto ?? 0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    estado,
    fijarModo: (nuevo) => {
      modo = nuevo;
    },
    fijarDemora: (ms) => {
      demoraMs = ms;
    },
    decidirPendientes: (resultado) => {
      for (const documento of [...estado.facturas, ...estado.notasCredito]) {
        if (documento.stamp.status !== 'Pending') continue;
        const esFactura = estado.facturas.includes(documento);
        if (resultado === 'aceptada') {
          documento.stamp = { status: 'Accepted', [esFactura ? 'cufe' : 'cude']: createHash('sha384').update(documento.id).digest('hex'), observations: '', errors: '' };
        } else {
          documento.stamp = { status: 'Rejected', observations: '', errors: mensajesRechazo.join(' | ') };
          documento.erroresTimbrado = [...mensajesRechazo];
        }
      }
    },
    revocarTokens: () => tokens.clear(),
    cerrar: () =>
      new Promise<void>((resolve, reject) => {
        for (const colgada of colgadas) colgada.destroy();
        servidor.closeAllConnections();
        servidor.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
