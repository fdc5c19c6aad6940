import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peticion } from './api-client';
import { ApiError, MENSAJES_RED } from './api-error';
import { MENSAJE_ESPERA, TEXTO_CODIGO_SOPORTE } from './notificaciones';

// The session lives in the browser's storage; these calls go without one.
vi.mock('./sesion', () => ({ leerSesion: () => null, leerTienda: () => null, revisarVencimiento: () => false, terminarSesion: vi.fn() }));

/** Every toast's title and text as a person reads it (a message may be text and the support code under it). */
function toasts(): string[] {
  const leer = (nodo: unknown): string => {
    if (nodo === null || nodo === undefined || typeof nodo === 'boolean') return '';
    if (typeof nodo === 'string' || typeof nodo === 'number') return String(nodo);
    if (Array.isArray(nodo)) return nodo.map(leer).join(' ');
    const props = (nodo as { props?: { children?: unknown } }).props;
    return props ? leer(props.children) : '';
  };
  const estado = notificationsStore.getState();
  return [...estado.notifications, ...estado.queue].map((toast) => `${leer(toast.title)}: ${leer(toast.message)}`);
}

function respuestaJson(status: number, cuerpo: unknown, cabeceras: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'Content-Type': 'application/json', ...cabeceras } });
}

beforeEach(() => {
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the api client', () => {
  it("sends its own request id and shows a refusal's request_id as the support code of the error toast", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => respuestaJson(500, { message: 'Falla del servidor', code: 'ERROR_INTERNO', request_id: 'req-42' }));
    vi.stubGlobal('fetch', fetch);
    const error = await peticion('GET', 'ventas/1', { sinAutenticacion: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).requestId).toBe('req-42');
    expect(toasts()).toEqual([`Error: Falla del servidor ${TEXTO_CODIGO_SOPORTE} req-42`]);
    const enviadas = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(enviadas['x-request-id']).toMatch(/^web-[0-9a-f]{24}$/);
  });

  it('leaves the caller a 409 with its request id (the query client shows it), read from the header when the body lacks it', async () => {
    vi.stubGlobal('fetch', async () => respuestaJson(409, { message: 'La venta No. 5 ya no está pendiente por facturar' }, { 'x-request-id': 'req-7' }));
    const error = (await peticion('POST', 'facturas/5/forma-pago', { sinAutenticacion: true, body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.notificado).toBe(false);
    expect(error.requestId).toBe('req-7');
    expect(toasts()).toEqual([]);
  });

  it('rejects at once with the Spanish message when the network is down, and no support code (nothing reached the server)', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await peticion('POST', 'facturas/5/forma-pago', { sinAutenticacion: true, body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe(MENSAJES_RED.sinConexion);
    expect(error.requestId).toBeNull();
    expect(toasts()).toEqual([`Error: ${MENSAJES_RED.sinConexion}`]);
  });

  it("says 'Esto puede tardar unos segundos…' for a call still waiting after two seconds, until it ends", async () => {
    vi.useFakeTimers();
    let responder = (_respuesta: Response) => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolver) => (responder = resolver)));
    const llamada = peticion('POST', 'facturas/optimizar', { sinAutenticacion: true, body: {} });
    await vi.advanceTimersByTimeAsync(1500);
    expect(toasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(600);
    expect(toasts()).toEqual([`Un momento: ${MENSAJE_ESPERA}`]);
    responder(respuestaJson(200, { data: { optimizacion: {} } }));
    await llamada;
    expect(toasts()).toEqual([]);
  });

  it('stays quiet for a silent call (a background read), however slow', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => new Promise<Response>((resolver) => setTimeout(() => resolver(respuestaJson(200, { data: null })), 5000)));
    const silenciosa = peticion('GET', 'salud', { sinAutenticacion: true, silencioso: true });
    await vi.advanceTimersByTimeAsync(5000);
    await silenciosa;
    expect(toasts()).toEqual([]);
  });
});
