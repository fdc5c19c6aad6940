import { setTimeout as esperar } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import * as repositorio from './siigo.repository';
import type {
  ErrorDetalleSiigo,
  FacturaSiigo,
  FacturaSiigoEntrada,
  GrupoInventarioSiigo,
  ImpuestoSiigo,
  NotaCreditoSiigo,
  NotaCreditoSiigoEntrada,
  PaginaSiigo,
  ProductoSiigo,
  ProductoSiigoEntrada,
  TipoComprobanteSiigo,
  TipoDocumentoSiigo,
  TipoPagoSiigo,
  UsuarioSiigo,
} from './siigo.tipos';

/** Siigo's public address; configuracion_fe.proveedor_url points elsewhere in tests and habilitación. */
export const URL_SIIGO = 'https://api.siigo.com';
/** Siigo's limit per company ("100 peticiones por minuto"; 10 for its test company). */
export const SOLICITUDES_POR_MINUTO_SIIGO = 100;
/** A stored token is used only while it has this long left, so no request starts with one about to expire. */
const MARGEN_TOKEN_MS = 60 * 60_000;
/** Siigo's tokens last 24 h when its answer does not say otherwise. */
const DURACION_TOKEN_SEGUNDOS = 24 * 60 * 60;
/** Siigo's Idempotency-Key: alphanumeric, at most 30 characters. */
const CLAVE_IDEMPOTENCIA = /^[A-Za-z0-9]{1,30}$/;

/** A request and its answer as exchanged (no token, no access key), for the audit of every call. */
export interface Intercambio {
  solicitud: string;
  respuesta: string;
}

export interface ConIntercambio<T> {
  datos: T;
  intercambio: Intercambio;
}

/**
 * A failure worth retrying later: the network, a timeout, Siigo's 5xx, its rate limit (429, or our own shared budget
 * being spent). Siigo may have done the work before the answer was lost, which is why documents carry an
 * Idempotency-Key.
 */
export class ErrorTransitorioSiigo extends Error {
  constructor(
    message: string,
    readonly intercambio: Intercambio,
    /** Siigo (Retry-After) or our budget asked to wait this long. */
    readonly reintentarEnSegundos?: number,
  ) {
    super(message);
    this.name = 'ErrorTransitorioSiigo';
  }
}

/** Siigo refused the request (4xx) with its reasons: sending it again unchanged gives the same answer. */
export class ErrorSiigo extends Error {
  constructor(
    message: string,
    readonly estado: number,
    readonly errores: ErrorDetalleSiigo[],
    readonly intercambio: Intercambio,
  ) {
    super(message);
    this.name = 'ErrorSiigo';
  }
}

export interface OpcionesClienteSiigo {
  /** Base URL, `URL_SIIGO` in production. */
  url: string;
  usuario: string;
  accessKey: string;
  /** The integration's name Siigo asks for in every request (3–100 alphanumerics). */
  partnerId: string;
  /** Where the token and the shared request budget live. */
  db: Kysely<Database>;
  /** Time limit of a request other than creating a document (30 s). */
  tiempoEsperaMs?: number;
  /** Time limit of creating an invoice or a credit note (120 s: Siigo asks for at least that). */
  tiempoEsperaDocumentosMs?: number;
  /**
   * How long a call may wait for a place in the shared budget or for a 429's Retry-After before it gives up with
   * ErrorTransitorioSiigo (10 s). A sync passes more than a minute, so it waits for the next window instead.
   */
  esperaMaximaMs?: number;
  /** Requests per minute shared by every server instance (SOLICITUDES_POR_MINUTO_SIIGO). */
  limitePorMinuto?: number;
  fetch?: typeof fetch;
}

interface Solicitud {
  metodo: 'GET' | 'POST' | 'PUT';
  ruta: string;
  cuerpo?: unknown;
  idempotencia?: string;
  documento?: boolean;
}

interface RespuestaHttp {
  estado: number;
  texto: string;
  reintentarEnSegundos?: number;
}

/** Siigo's `{ Status, Errors: [{ Code, Message }] }` (or its lower-case variant) as a list; empty if unreadable. */
function erroresDe(texto: string): ErrorDetalleSiigo[] {
  try {
    const cuerpo = JSON.parse(texto) as Record<string, unknown>;
    const lista = cuerpo.Errors ?? cuerpo.errors;
    if (!Array.isArray(lista)) return [];
    return lista.map((error: Record<string, unknown>) => ({
      codigo: String(error.Code ?? error.code ?? ''),
      mensaje: String(error.Message ?? error.message ?? ''),
    }));
  } catch {
    return [];
  }
}

/** Retry-After in seconds (Siigo sends seconds; an HTTP date is accepted too). */
function segundosDeRetryAfter(valor: string | null): number | undefined {
  if (!valor) return undefined;
  const segundos = Number(valor);
  if (Number.isFinite(segundos)) return Math.max(0, Math.ceil(segundos));
  const fecha = Date.parse(valor);
  return Number.isNaN(fecha) ? undefined : Math.max(0, Math.ceil((fecha - Date.now()) / 1000));
}

function describirSolicitud(solicitud: Solicitud): string {
  const cabecera = `${solicitud.metodo} ${solicitud.ruta}${solicitud.idempotencia ? `\nIdempotency-Key: ${solicitud.idempotencia}` : ''}`;
  return solicitud.cuerpo === undefined ? cabecera : `${cabecera}\n\n${JSON.stringify(solicitud.cuerpo)}`;
}

export type ClienteSiigo = ReturnType<typeof crearClienteSiigo>;

/**
 * The client of Siigo's API for one company. The token lives in siigo_sesion, shared by every server instance, and
 * is renewed when it has less than an hour left, or once when Siigo answers 401 (revoked). Every request, the
 * token's included, first takes a place in the shared budget of `limitePorMinuto` per minute; above it, and on a 429,
 * the call waits when the wait fits in `esperaMaximaMs`, or throws ErrorTransitorioSiigo with the seconds to wait.
 */
export function crearClienteSiigo(opciones: OpcionesClienteSiigo) {
  const url = opciones.url.replace(/\/+$/, '');
  const hacerFetch = opciones.fetch ?? fetch;
  const tiempoEsperaMs = opciones.tiempoEsperaMs ?? 30_000;
  const tiempoEsperaDocumentosMs = opciones.tiempoEsperaDocumentosMs ?? 120_000;
  const esperaMaximaMs = opciones.esperaMaximaMs ?? 10_000;
  const limitePorMinuto = opciones.limitePorMinuto ?? SOLICITUDES_POR_MINUTO_SIIGO;
  let renovacion: Promise<string> | null = null;

  /** Takes a place in the shared budget, waiting for the next window when it fits before `limite`. */
  async function reservarPlaza(limite: number): Promise<void> {
    for (;;) {
      const { posicion, segundosRestantes } = await repositorio.reservarSolicitud(opciones.db);
      if (posicion <= limitePorMinuto) return;
      const esperaMs = Math.ceil(segundosRestantes * 1000) + 50;
      if (Date.now() + esperaMs > limite) {
        throw new ErrorTransitorioSiigo(
          `Se alcanzó el límite de ${limitePorMinuto} solicitudes por minuto a Siigo`,
          { solicitud: '', respuesta: '' },
          Math.max(1, Math.ceil(segundosRestantes)),
        );
      }
      await esperar(esperaMs);
    }
  }

  /** One HTTP exchange, its failures of transport turned into ErrorTransitorioSiigo. */
  async function enviarHttp(solicitud: Solicitud, token: string | null): Promise<RespuestaHttp> {
    const plazoMs = solicitud.documento ? tiempoEsperaDocumentosMs : tiempoEsperaMs;
    const cabeceras: Record<string, string> = { 'Partner-Id': opciones.partnerId, Accept: 'application/json' };
    if (token) cabeceras.Authorization = `Bearer ${token}`;
    if (solicitud.cuerpo !== undefined) cabeceras['Content-Type'] = 'application/json';
    if (solicitud.idempotencia) cabeceras['Idempotency-Key'] = solicitud.idempotencia;
    try {
      const respuesta = await hacerFetch(`${url}${solicitud.ruta}`, {
        method: solicitud.metodo,
        headers: cabeceras,
        body: solicitud.cuerpo === undefined ? undefined : JSON.stringify(solicitud.cuerpo),
        signal: AbortSignal.timeout(plazoMs),
      });
      return { estado: respuesta.status, texto: await respuesta.text(), reintentarEnSegundos: segundosDeRetryAfter(respuesta.headers.get('retry-after')) };
    } catch (error) {
      const vencido = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const causa = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      const motivo = vencido ? `Siigo no respondió en ${plazoMs / 1000} s` : `No fue posible comunicarse con Siigo (${causa})`;
      throw new ErrorTransitorioSiigo(motivo, { solicitud: describirSolicitud(solicitud), respuesta: '' });
    }
  }

  /** Asks Siigo for a token and keeps it for every instance. */
  async function pedirToken(): Promise<string> {
    const limite = Date.now() + esperaMaximaMs;
    for (;;) {
      await reservarPlaza(limite);
      // The access key never enters the audit text.
      const auditable: Solicitud = { metodo: 'POST', ruta: '/auth', cuerpo: { username: opciones.usuario, access_key: '***' } };
      const http = await enviarHttp({ ...auditable, cuerpo: { username: opciones.usuario, access_key: opciones.accessKey } }, null);
      if (http.estado === 429 && http.reintentarEnSegundos !== undefined && Date.now() + http.reintentarEnSegundos * 1000 <= limite) {
        await esperar(http.reintentarEnSegundos * 1000);
        continue;
      }
      // The token itself stays out of the audit text.
      const intercambio = { solicitud: describirSolicitud(auditable), respuesta: http.estado < 300 ? `${http.estado}` : `${http.estado}\n\n${http.texto}` };
      if (http.estado === 429 || http.estado === 408 || http.estado >= 500) {
        throw new ErrorTransitorioSiigo(`Siigo no entregó el token de acceso (HTTP ${http.estado})`, intercambio, http.reintentarEnSegundos);
      }
      if (http.estado >= 400) {
        const errores = erroresDe(http.texto);
        const detalle = errores.map((error) => error.mensaje).filter(Boolean).join('; ');
        throw new ErrorSiigo(`Siigo rechazó el usuario o la llave de acceso${detalle ? `: ${detalle}` : ''}`, http.estado, errores, intercambio);
      }
      const cuerpo = JSON.parse(http.texto) as { access_token?: string; expires_in?: number };
      if (!cuerpo.access_token) throw new ErrorTransitorioSiigo('Siigo respondió sin token de acceso', intercambio);
      await repositorio.upsertToken(opciones.db, {
        url,
        usuario: opciones.usuario,
        accessToken: cuerpo.access_token,
        venceEnSegundos: cuerpo.expires_in && cuerpo.expires_in > 0 ? cuerpo.expires_in : DURACION_TOKEN_SEGUNDOS,
      });
      return cuerpo.access_token;
    }
  }

  /** One renewal at a time per process: concurrent calls that find no token share it. */
  function renovarToken(): Promise<string> {
    renovacion ??= pedirToken().finally(() => {
      renovacion = null;
    });
    return renovacion;
  }

  async function tokenVigente(): Promise<string> {
    return (await repositorio.getTokenVigente(opciones.db, url, opciones.usuario, MARGEN_TOKEN_MS)) ?? renovarToken();
  }

  async function solicitar<T>(solicitud: Solicitud): Promise<ConIntercambio<T>> {
    if (solicitud.idempotencia !== undefined && !CLAVE_IDEMPOTENCIA.test(solicitud.idempotencia)) {
      throw new Error(`Idempotency-Key no válida para Siigo: ${solicitud.idempotencia}`);
    }
    const limite = Date.now() + esperaMaximaMs;
    let renovado = false;
    for (;;) {
      const token = await tokenVigente();
      await reservarPlaza(limite);
      const http = await enviarHttp(solicitud, token);
      const intercambio = { solicitud: describirSolicitud(solicitud), respuesta: `${http.estado}\n\n${http.texto}` };
      if (http.estado === 401 && !renovado) {
        // Revoked or expired before its time: one new token, one more try.
        renovado = true;
        await renovarToken();
        continue;
      }
      if (http.estado === 429 || http.estado === 408 || http.estado >= 500) {
        const segundos = http.reintentarEnSegundos;
        if (http.estado === 429 && segundos !== undefined && Date.now() + segundos * 1000 <= limite) {
          await esperar(segundos * 1000);
          continue;
        }
        const motivo = http.estado === 429 ? 'Siigo pidió esperar antes de recibir más solicitudes' : `Siigo no está disponible (HTTP ${http.estado})`;
        throw new ErrorTransitorioSiigo(motivo, intercambio, segundos);
      }
      if (http.estado >= 400) {
        const errores = erroresDe(http.texto);
        const detalle = errores.map((error) => error.mensaje).filter(Boolean).join('; ');
        throw new ErrorSiigo(detalle || `Siigo rechazó la solicitud (HTTP ${http.estado})`, http.estado, errores, intercambio);
      }
      try {
        return { datos: (http.texto ? JSON.parse(http.texto) : null) as T, intercambio };
      } catch {
        throw new ErrorTransitorioSiigo('Siigo respondió algo que no es JSON', intercambio);
      }
    }
  }

  const leer = async <T>(ruta: string): Promise<T> => (await solicitar<T>({ metodo: 'GET', ruta })).datos;

  /** Every page of a paged list. */
  async function todasLasPaginas<T>(ruta: string): Promise<T[]> {
    const resultados: T[] = [];
    for (let pagina = 1; ; pagina++) {
      const separador = ruta.includes('?') ? '&' : '?';
      const { results, pagination } = await leer<PaginaSiigo<T>>(`${ruta}${separador}page=${pagina}&page_size=100`);
      resultados.push(...results);
      if (results.length === 0 || resultados.length >= pagination.total_results) return resultados;
    }
  }

  return {
    /** Creates (and with `stamp.send` stamps) an invoice; the same key answers the same invoice, never a second one. */
    crearFactura: (cuerpo: FacturaSiigoEntrada, idempotencyKey: string) =>
      solicitar<FacturaSiigo>({ metodo: 'POST', ruta: '/v1/invoices', cuerpo, idempotencia: idempotencyKey, documento: true }),
    leerFactura: (id: string) => solicitar<FacturaSiigo>({ metodo: 'GET', ruta: `/v1/invoices/${encodeURIComponent(id)}` }),
    /** DIAN's reasons for rejecting the invoice (`[{ message }]`). */
    erroresTimbrado: async (id: string): Promise<ConIntercambio<string[]>> => {
      const { datos, intercambio } = await solicitar<{ errors?: { message?: string; code?: string }[] } | null>({
        metodo: 'GET',
        ruta: `/v1/invoices/${encodeURIComponent(id)}/stamp/errors`,
      });
      const errores = datos?.errors ?? [];
      return { datos: errores.map((error) => [error.code, error.message].filter(Boolean).join(': ')).filter(Boolean), intercambio };
    },
    crearNotaCredito: (cuerpo: NotaCreditoSiigoEntrada, idempotencyKey: string) =>
      solicitar<NotaCreditoSiigo>({ metodo: 'POST', ruta: '/v1/credit-notes', cuerpo, idempotencia: idempotencyKey, documento: true }),
    leerNotaCredito: (id: string) => solicitar<NotaCreditoSiigo>({ metodo: 'GET', ruta: `/v1/credit-notes/${encodeURIComponent(id)}` }),
    tiposDocumento: (tipo: TipoComprobanteSiigo) => leer<TipoDocumentoSiigo[]>(`/v1/document-types?type=${tipo}`),
    tiposPago: (tipoDocumento: TipoComprobanteSiigo) => leer<TipoPagoSiigo[]>(`/v1/payment-types?document_type=${tipoDocumento}`),
    usuarios: () => todasLasPaginas<UsuarioSiigo>('/v1/users'),
    impuestos: () => leer<ImpuestoSiigo[]>('/v1/taxes'),
    gruposInventario: () => leer<GrupoInventarioSiigo[]>('/v1/account-groups'),
    /** One page of Siigo's products (at most 100), optionally only the one with `codigo`. */
    productos: (consulta: { pagina?: number; porPagina?: number; codigo?: string } = {}) => {
      const parametros = new URLSearchParams({ page: String(consulta.pagina ?? 1), page_size: String(Math.min(consulta.porPagina ?? 100, 100)) });
      if (consulta.codigo) parametros.set('code', consulta.codigo);
      return leer<PaginaSiigo<ProductoSiigo>>(`/v1/products?${parametros}`);
    },
    todosLosProductos: () => todasLasPaginas<ProductoSiigo>('/v1/products'),
    crearProducto: async (cuerpo: ProductoSiigoEntrada) => (await solicitar<ProductoSiigo>({ metodo: 'POST', ruta: '/v1/products', cuerpo })).datos,
    actualizarProducto: async (id: string, cuerpo: ProductoSiigoEntrada) =>
      (await solicitar<ProductoSiigo>({ metodo: 'PUT', ruta: `/v1/products/${encodeURIComponent(id)}`, cuerpo })).datos,
  };
}
