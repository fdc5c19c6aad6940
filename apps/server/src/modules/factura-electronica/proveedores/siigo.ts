import { hoyNegocio } from '@tablero/domain';
import {
  ErrorSiigo,
  ErrorTransitorioSiigo,
  type ClienteSiigo,
  type FacturaSiigo,
  type FacturaSiigoEntrada,
  type Intercambio,
  type ItemSiigoEntrada,
  type NotaCreditoSiigo,
  type NotaCreditoSiigoEntrada,
  type PagoSiigoEntrada,
  type TipoComprobanteSiigo,
  type TipoDocumentoSiigo,
  type TipoPagoSiigo,
} from '../../siigo';
import { ErrorTransitorioProveedor, type DocumentoParaEnviar, type ProveedorDocumentos, type ResultadoProveedor, type VentaParaProveedor } from './proveedor';

/**
 * Siigo as the provider (docs/decisions-factura-electronica.md, Siigo): Siigo builds, signs and stamps its own invoice
 * from the sale's data (our signed XML is not sent; Siigo's CUFE is the one DIAN registers). Each document goes with an
 * Idempotency-Key derived from our document id, so sending again after a lost answer returns the same Siigo document
 * instead of a second one.
 *
 * `consultar` with Siigo's id reads the document (GET /v1/invoices/{id}). Without one (the first answer was lost, so
 * we never learnt it) Siigo has no lookup by our number; repeating the POST with the same Idempotency-Key is the
 * lookup: Siigo answers the document it already created under that key, or creates it now — which is what the job
 * would do next anyway, so nothing is ever created twice and `NO_ENCONTRADA` is answered only for an id Siigo denies.
 *
 * Mapping of the sale:
 * - document type: the first active type of Siigo's list (GET /v1/document-types?type=FV, or NC for a credit note);
 * - seller: `vendedorId` when configured, else the first active Siigo user (GET /v1/users);
 * - items: our product codes (Siigo must have them: POST productos/sincronizar), quantity, unit price, the line's
 *   discount as a value or a percentage as the document type says (`discount_type`), Siigo's tax ids;
 * - payments, by Siigo's payment types for the document (GET /v1/payment-types): a credit row goes to the first active
 *   type whose name says 'Crédito' (else the first with a due date), with its due date (the sale's when none); any
 *   other row to the active type of the same name (accents and case aside), else the first 'Efectivo', else the first
 *   type without due date. Rows on one type are added together. Siigo requires them to add up to the total it
 *   computes from the items (base = round(qty × price − discount, 2), tax = round(base × % / 100, 2)), so that total
 *   is computed here and a difference of rounding is carried by the largest payment;
 * - date: the sale's, or today in Colombia if that has passed (Siigo refuses back-dated electronic invoices);
 * - `stamp.send: true` (Siigo sends it to DIAN), `mail.send: false` (Tablero sends its own e-mail).
 */
export interface OpcionesProveedorSiigo {
  /** Siigo's user id of the seller on every document; the first active Siigo user when absent. */
  vendedorId?: number;
  /** Start of every Idempotency-Key ('TABLERO'): two installations on one Siigo company need different ones. */
  prefijoIdempotencia?: string;
  /** How long document types, payment types, users and taxes read from Siigo are reused (10 min). */
  vigenciaCatalogosMs?: number;
}

interface CatalogoComprobante {
  tipoDocumento: TipoDocumentoSiigo;
  tiposPago: TipoPagoSiigo[];
  vendedor: number;
  porcentajes: Map<number, number>;
}

/** DIAN's concept 2 of a credit note: annulment of the invoice. */
const CONCEPTO_ANULACION = '2';
const MAXIMO_OBSERVACIONES = 4000;

const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Siigo's configuration lacks something a document needs: the document was not judged, so it is retried later. */
/**
 * Siigo's public API documents invoices and credit notes, not the documento equivalente POS nor its nota de ajuste
 * (docs/decisions-factura-electronica.md, "Documento equivalente POS"): such a document is refused before any call,
 * as a refusal of the request (recorded with its reason, never retried). Billing refuses POS with Siigo first.
 */
function exigirTipoSiigo(documento: DocumentoParaEnviar): void {
  if (documento.tipo === 'FACTURA' || documento.tipo === 'NOTA_CREDITO') return;
  throw Object.assign(new Error(SIIGO_SIN_POS), { intercambio: { solicitud: '', respuesta: '' } });
}
export const SIIGO_SIN_POS = 'Siigo no envía documentos equivalentes POS ni sus notas de ajuste: su API pública documenta facturas y notas crédito';

function faltaEnSiigo(mensaje: string): ErrorTransitorioProveedor {
  return new ErrorTransitorioProveedor(`${mensaje}. Revise la configuración de Siigo Nube`, { solicitud: '', respuesta: '' });
}

function unirIntercambios(...intercambios: Intercambio[]): Intercambio {
  return {
    solicitud: intercambios.map((intercambio) => intercambio.solicitud).filter(Boolean).join('\n\n----\n\n'),
    respuesta: intercambios.map((intercambio) => intercambio.respuesta).filter(Boolean).join('\n\n----\n\n'),
  };
}

export function crearProveedorSiigo(cliente: ClienteSiigo, opciones: OpcionesProveedorSiigo = {}): ProveedorDocumentos {
  const prefijo = opciones.prefijoIdempotencia ?? 'TABLERO';
  if (!/^[A-Za-z0-9]{1,16}$/.test(prefijo)) throw new Error('prefijoIdempotencia: hasta 16 letras o números');
  const vigenciaMs = opciones.vigenciaCatalogosMs ?? 10 * 60_000;
  const catalogos = new Map<TipoComprobanteSiigo, { vence: number; promesa: Promise<CatalogoComprobante> }>();

  async function cargarCatalogo(tipo: TipoComprobanteSiigo): Promise<CatalogoComprobante> {
    const tipoDocumento = (await cliente.tiposDocumento(tipo)).find((candidato) => candidato.active);
    if (!tipoDocumento) throw faltaEnSiigo(`Siigo no tiene un tipo de comprobante ${tipo} activo`);
    const tiposPago = (await cliente.tiposPago(tipo)).filter((tipoPago) => tipoPago.active);
    if (tiposPago.length === 0) throw faltaEnSiigo(`Siigo no tiene formas de pago activas para ${tipo}`);
    let vendedor = opciones.vendedorId;
    if (vendedor === undefined) {
      vendedor = (await cliente.usuarios()).find((usuario) => usuario.active)?.id;
      if (vendedor === undefined) throw faltaEnSiigo('Siigo no tiene usuarios activos para usar como vendedor');
    }
    const porcentajes = new Map((await cliente.impuestos()).map((impuesto) => [impuesto.id, impuesto.percentage]));
    return { tipoDocumento, tiposPago, vendedor, porcentajes };
  }

  /** Siigo's catalogs for a kind of document, read once per `vigenciaMs` (they change rarely; each costs a request). */
  function catalogo(tipo: TipoComprobanteSiigo): Promise<CatalogoComprobante> {
    const guardado = catalogos.get(tipo);
    if (guardado && guardado.vence > Date.now()) return guardado.promesa;
    const promesa = cargarCatalogo(tipo);
    catalogos.set(tipo, { vence: Date.now() + vigenciaMs, promesa });
    promesa.catch(() => catalogos.delete(tipo));
    return promesa;
  }

  function items(venta: VentaParaProveedor, catalogoComprobante: CatalogoComprobante): { items: ItemSiigoEntrada[]; totalCentavos: number } {
    const porcentaje = catalogoComprobante.tipoDocumento.discount_type === 'Percentage';
    let totalCentavos = 0;
    const lista = venta.lineas.map((linea): ItemSiigoEntrada => {
      const cantidad = Number(linea.cantidad);
      const brutoCentavos = Math.round(cantidad * linea.precioUnitarioCentavos);
      let descuento: number | undefined;
      let descuentoCentavos = 0;
      if (linea.descuentoCentavos > 0) {
        if (porcentaje) {
          descuento = Math.round((linea.descuentoCentavos / brutoCentavos) * 10_000) / 100;
          descuentoCentavos = Math.round((brutoCentavos * descuento) / 100);
        } else {
          descuento = linea.descuentoCentavos / 100;
          descuentoCentavos = linea.descuentoCentavos;
        }
      }
      const baseCentavos = brutoCentavos - descuentoCentavos;
      const impuestosCentavos = linea.siigoImpuestoIds.reduce(
        (suma, id) => suma + Math.round((baseCentavos * (catalogoComprobante.porcentajes.get(id) ?? 0)) / 100),
        0,
      );
      totalCentavos += baseCentavos + impuestosCentavos;
      return {
        code: linea.codigo,
        description: linea.descripcion,
        quantity: cantidad,
        price: linea.precioUnitarioCentavos / 100,
        ...(descuento === undefined ? {} : { discount: descuento }),
        ...(linea.siigoImpuestoIds.length > 0 ? { taxes: linea.siigoImpuestoIds.map((id) => ({ id })) } : {}),
      };
    });
    return { items: lista, totalCentavos };
  }

  function pagos(venta: VentaParaProveedor, tiposPago: TipoPagoSiigo[], totalCentavos: number, fecha: string): PagoSiigoEntrada[] {
    const credito = tiposPago.find((tipo) => normalizar(tipo.name).includes('credito')) ?? tiposPago.find((tipo) => tipo.due_date);
    const contado = tiposPago.find((tipo) => normalizar(tipo.name).includes('efectivo')) ?? tiposPago.find((tipo) => !tipo.due_date);
    const grupos = new Map<number, { tipo: TipoPagoSiigo; centavos: number; vencimiento?: string }>();
    const filas = venta.pagos.length > 0 ? venta.pagos : [{ nombreFormaPago: 'Efectivo', valorCentavos: totalCentavos, credito: false }];
    for (const pago of filas) {
      const tipo = pago.credito ? credito : (tiposPago.find((candidato) => normalizar(candidato.name) === normalizar(pago.nombreFormaPago)) ?? contado);
      if (!tipo) throw faltaEnSiigo(`Siigo no tiene una forma de pago para '${pago.nombreFormaPago}'`);
      const grupo = grupos.get(tipo.id) ?? { tipo, centavos: 0 };
      grupo.centavos += pago.valorCentavos;
      if (tipo.due_date) grupo.vencimiento ??= pago.vencimiento ?? fecha;
      grupos.set(tipo.id, grupo);
    }
    const lista = [...grupos.values()];
    const diferencia = totalCentavos - lista.reduce((suma, grupo) => suma + grupo.centavos, 0);
    if (diferencia !== 0) lista.reduce((mayor, grupo) => (grupo.centavos > mayor.centavos ? grupo : mayor)).centavos += diferencia;
    return lista.map((grupo) => ({
      id: grupo.tipo.id,
      value: grupo.centavos / 100,
      ...(grupo.tipo.due_date ? { due_date: grupo.vencimiento ?? fecha } : {}),
    }));
  }

  /** The sale's date, or today if it has passed. */
  function fechaDe(venta: VentaParaProveedor): string {
    const hoy = hoyNegocio();
    return venta.fecha > hoy ? venta.fecha : hoy;
  }

  async function cuerpoFactura(documento: DocumentoParaEnviar): Promise<FacturaSiigoEntrada> {
    const catalogoFactura = await catalogo('FV');
    const fecha = fechaDe(documento.venta);
    const { items: lista, totalCentavos } = items(documento.venta, catalogoFactura);
    const observaciones = [`Factura ${documento.numero} de Tablero`, documento.venta.observaciones].filter(Boolean).join('. ');
    return {
      document: { id: catalogoFactura.tipoDocumento.id },
      date: fecha,
      customer: { identification: documento.venta.cliente.numero, branch_office: 0 },
      seller: catalogoFactura.vendedor,
      observations: observaciones.slice(0, MAXIMO_OBSERVACIONES),
      items: lista,
      payments: pagos(documento.venta, catalogoFactura.tiposPago, totalCentavos, fecha),
      stamp: { send: true },
      mail: { send: false },
    };
  }

  async function cuerpoNotaCredito(documento: DocumentoParaEnviar): Promise<NotaCreditoSiigoEntrada> {
    const factura = documento.factura;
    if (!factura) throw new Error(`La nota crédito ${documento.numero} no nombra la factura que anula`);
    const catalogoNota = await catalogo('NC');
    const fecha = fechaDe(documento.venta);
    const { items: lista, totalCentavos } = items(documento.venta, catalogoNota);
    const partes = /^(.*?)(\d+)$/.exec(factura.numero);
    // An invoice Siigo issued is named by its id; one it did not (sent directly to DIAN) by its number and CUFE.
    const referencia: Pick<NotaCreditoSiigoEntrada, 'invoice' | 'invoice_data' | 'customer'> = factura.proveedorId
      ? { invoice: factura.proveedorId }
      : {
          invoice_data: { prefix: partes?.[1] ?? '', number: Number(partes?.[2] ?? 0), cufe: factura.cufe, date: factura.fechaEmision },
          customer: { identification: documento.venta.cliente.numero, branch_office: 0 },
        };
    return {
      document: { id: catalogoNota.tipoDocumento.id },
      date: fecha,
      ...referencia,
      // The note's own DIAN concept: a partial return's note is concept 1, an annulment's 2.
      reason: documento.nota?.concepto ?? CONCEPTO_ANULACION,
      seller: catalogoNota.vendedor,
      observations: `${documento.nota?.concepto === '1' ? 'Devolución parcial' : 'Anulación'} de la factura ${factura.numero}. Nota crédito ${documento.numero} de Tablero${documento.nota?.motivo ? `: ${documento.nota.motivo}` : ''}`,
      items: lista,
      payments: pagos(documento.venta, catalogoNota.tiposPago, totalCentavos, fecha),
      stamp: { send: true },
      mail: { send: false },
    };
  }

  /** What Siigo's document says of DIAN's verdict; a rejected invoice's reasons come from GET …/stamp/errors. */
  async function resultadoDe(tipo: DocumentoParaEnviar['tipo'], datos: FacturaSiigo | NotaCreditoSiigo, intercambio: Intercambio): Promise<ResultadoProveedor> {
    const timbrado = datos.stamp ?? {};
    const observaciones = timbrado.observations ? [timbrado.observations] : [];
    if (timbrado.status === 'Accepted') {
      const codigo = tipo === 'FACTURA' ? timbrado.cufe : (timbrado.cude ?? timbrado.cufe);
      if (codigo) {
        return { resultado: 'ACEPTADA', cufe: codigo, mensajes: observaciones, proveedorId: datos.id, codigoContable: datos.name, ...intercambio };
      }
    }
    if (timbrado.status === 'Rejected') {
      let mensajes: string[] = [];
      let completo = intercambio;
      if (tipo === 'FACTURA') {
        try {
          const errores = await cliente.erroresTimbrado(datos.id);
          mensajes = errores.datos;
          completo = unirIntercambios(intercambio, errores.intercambio);
        } catch (error) {
          // The verdict is known; its reasons are a courtesy, read from the document itself when the list fails.
          if (!(error instanceof ErrorSiigo || error instanceof ErrorTransitorioSiigo)) throw error;
        }
      }
      if (mensajes.length === 0) mensajes = (timbrado.errors ?? '').split(' | ').filter(Boolean);
      if (mensajes.length === 0) mensajes = [...observaciones, `La DIAN rechazó ${datos.name} en Siigo`];
      return { resultado: 'RECHAZADA', mensajes, proveedorId: datos.id, ...completo };
    }
    return {
      resultado: 'PENDIENTE',
      mensajes: [`Siigo registró ${datos.name}; la DIAN aún no responde (estado ${timbrado.status ?? 'desconocido'})`],
      proveedorId: datos.id,
      ...intercambio,
    };
  }

  /** Siigo's failures in the provider's terms: retry later, or Siigo refused the document with its reasons. */
  function traducir(error: unknown): ResultadoProveedor {
    if (error instanceof ErrorTransitorioSiigo) throw new ErrorTransitorioProveedor(error.message, error.intercambio, error.reintentarEnSegundos);
    if (error instanceof ErrorSiigo) {
      // Credentials refused: a configuration to fix, not a verdict on the document.
      if (error.estado === 401 || error.estado === 403) throw new ErrorTransitorioProveedor(error.message, error.intercambio);
      const mensajes = error.errores.map((detalle) => (detalle.codigo ? `${detalle.codigo}: ${detalle.mensaje}` : detalle.mensaje)).filter(Boolean);
      return { resultado: 'RECHAZADA', mensajes: mensajes.length > 0 ? mensajes : [error.message], ...error.intercambio };
    }
    throw error;
  }

  async function enviar(documento: DocumentoParaEnviar): Promise<ResultadoProveedor> {
    exigirTipoSiigo(documento);
    try {
      if (documento.tipo === 'FACTURA') {
        const { datos, intercambio } = await cliente.crearFactura(await cuerpoFactura(documento), `${prefijo}FV${documento.documentoId}`);
        return await resultadoDe('FACTURA', datos, intercambio);
      }
      const { datos, intercambio } = await cliente.crearNotaCredito(await cuerpoNotaCredito(documento), `${prefijo}NC${documento.documentoId}`);
      return await resultadoDe('NOTA_CREDITO', datos, intercambio);
    } catch (error) {
      return traducir(error);
    }
  }

  async function consultar(documento: DocumentoParaEnviar): Promise<ResultadoProveedor> {
    exigirTipoSiigo(documento);
    if (!documento.proveedorId) return enviar(documento);
    try {
      const { datos, intercambio } =
        documento.tipo === 'FACTURA' ? await cliente.leerFactura(documento.proveedorId) : await cliente.leerNotaCredito(documento.proveedorId);
      return await resultadoDe(documento.tipo, datos, intercambio);
    } catch (error) {
      if (error instanceof ErrorSiigo && error.estado === 404) return { resultado: 'NO_ENCONTRADA', ...error.intercambio };
      return traducir(error);
    }
  }

  return { nombre: 'SIIGO', enviar, consultar };
}
