import type { BorradorPedido, BorradorPedidoGuardar, Tercero } from '@tablero/domain';
import { continuarClaves, pedidoVacio, type EstadoPedido, type SolicitudDescuentoLinea } from './pedido.logica';

/**
 * The order being built kept as a draft, so it is never lost (docs/decisions.md "Borrador del pedido"). Everything the
 * form holds — the order (customer, lines with their cut plans and approved discounts, tasks, observation, taxes, state,
 * payment type, the edited order's id and version), the customer as the typeahead shows it and the discount requests
 * still waiting — goes, at every change, into the browser's storage (one slot per user and store) and, once the order
 * has a customer, to the server (PUT ventas/borrador). Reloading Pedidos restores it directly, with a notice. Saving
 * the order or discarding it (Nuevo pedido, leaving the screen and confirming) deletes it. Pure functions: the storage
 * is a parameter, so the rules are unit-tested without a browser.
 */

/** The format of a kept draft; a draft of another format (an older web) is not restored. */
export const VERSION_BORRADOR = 1;

export interface BorradorLocal {
  version: typeof VERSION_BORRADOR;
  pedido: EstadoPedido;
  tercero: Tercero | null;
  solicitudes: SolicitudDescuentoLinea[];
  /** When it was written (ISO 8601): between the browser's and the server's draft, the newer wins. */
  guardado_en: string;
}

/** The storage the draft lives in (window.localStorage in the browser). */
export type Almacen = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser slot of a user's draft in a store: another user or store on the same browser has its own. */
export const claveBorradorLocal = (usuarioId: number, codigoTienda: string): string => `tablero.pedido-borrador.${usuarioId}.${codigoTienda}`;

/** What a draft holds, said on its 'Recuperar' button: 'Pedido de Carpintería El Roble, 3 líneas'. */
export function descripcionBorrador(borrador: BorradorLocal): string {
  const cliente = borrador.pedido.cliente;
  const lineas = borrador.pedido.lineas.length;
  const de = cliente ? ` de ${`${cliente.nombres} ${cliente.apellidos}`.trim()}` : '';
  return `Pedido${de}, ${lineas} ${lineas === 1 ? 'línea' : 'líneas'}${borrador.pedido.venta_id !== null ? ` (No. ${borrador.pedido.venta_id})` : ''}`;
}

/** The page's notice when it brings a draft back. */
export const AVISO_BORRADOR_RECUPERADO = 'Se recuperó el pedido sin guardar. Guárdelo, o use Nuevo pedido para descartarlo';

/** The confirmation before an unsaved order is thrown away (leaving the screen, Nuevo pedido). */
export const CONFIRMAR_DESCARTE = {
  titulo: 'Pedido sin guardar',
  mensaje: 'El pedido tiene cambios sin guardar. Si continúa, se descartarán. ¿Desea descartar el pedido?',
  aceptar: 'Descartar pedido',
  cancelar: 'Seguir editando',
  color: 'red',
} as const;

/**
 * Whether the order holds something a person would lose: a line, a task or an observation (a customer alone is picked
 * again in a second), or any change to an order loaded for editing. `base` is the state the form last loaded, saved or started: the reducer answers a new
 * object for every change, so an untouched form is the same object.
 */
export function hayCambiosSinGuardar(pedido: EstadoPedido, base: EstadoPedido): boolean {
  if (pedido === base) return false;
  if (pedido.venta_id !== null) return true;
  return pedido.lineas.length > 0 || pedido.tareas.length > 0 || pedido.observacion_venta.trim() !== '';
}

/** The draft of the form's state, stamped now. */
export function armarBorrador(pedido: EstadoPedido, tercero: Tercero | null, solicitudes: SolicitudDescuentoLinea[], ahora: Date = new Date()): BorradorLocal {
  return { version: VERSION_BORRADOR, pedido, tercero, solicitudes, guardado_en: ahora.toISOString() };
}

/** Writes the draft; false when the storage refuses it (full, or private mode without storage). */
export function guardarBorradorLocal(almacen: Almacen, clave: string, borrador: BorradorLocal): boolean {
  try {
    almacen.setItem(clave, JSON.stringify(borrador));
    return true;
  } catch {
    return false;
  }
}

export function descartarBorradorLocal(almacen: Almacen, clave: string): void {
  try {
    almacen.removeItem(clave);
  } catch {
    // Nothing kept, nothing to discard.
  }
}

const esObjeto = (valor: unknown): valor is Record<string, unknown> => typeof valor === 'object' && valor !== null && !Array.isArray(valor);

/**
 * A draft as it was kept (the browser's text or the server's contenido), or null when it is not one this web can
 * restore: another format, or an order without its lines. Fields a newer form added are filled from a new order.
 */
export function leerBorrador(valor: unknown): BorradorLocal | null {
  if (!esObjeto(valor) || valor.version !== VERSION_BORRADOR || !esObjeto(valor.pedido) || !Array.isArray(valor.pedido.lineas)) return null;
  const pedido = { ...pedidoVacio(), ...(valor.pedido as Partial<EstadoPedido>) } as EstadoPedido;
  if (!Array.isArray(pedido.tareas)) return null;
  return {
    version: VERSION_BORRADOR,
    pedido,
    tercero: esObjeto(valor.tercero) ? (valor.tercero as unknown as Tercero) : null,
    solicitudes: Array.isArray(valor.solicitudes) ? (valor.solicitudes as SolicitudDescuentoLinea[]) : [],
    guardado_en: typeof valor.guardado_en === 'string' ? valor.guardado_en : new Date(0).toISOString(),
  };
}

export function leerBorradorLocal(almacen: Almacen, clave: string): BorradorLocal | null {
  let texto: string | null;
  try {
    texto = almacen.getItem(clave);
  } catch {
    return null;
  }
  if (texto === null) return null;
  try {
    return leerBorrador(JSON.parse(texto));
  } catch {
    return null;
  }
}

/** What PUT ventas/borrador keeps of a draft: only one whose order has a customer (null otherwise). */
export function borradorParaServidor(borrador: BorradorLocal): BorradorPedidoGuardar | null {
  const cliente = borrador.pedido.cliente;
  if (cliente === null) return null;
  return { venta_id: borrador.pedido.venta_id, tercero_id: cliente.id, contenido: borrador as unknown as Record<string, unknown> };
}

/** The draft to restore: the browser's or the server's (another browser of the same seller), the newer one. */
export function borradorARestaurar(local: BorradorLocal | null, servidor: BorradorPedido | null): BorradorLocal | null {
  const remoto = servidor ? leerBorrador(servidor.contenido) : null;
  if (!local) return remoto;
  if (!remoto) return local;
  return Date.parse(remoto.guardado_en) > Date.parse(local.guardado_en) ? remoto : local;
}

/**
 * The order a restored draft gives the form. New rows on screen must not take a key a restored row holds, so the
 * form's key counter continues after them.
 */
export function pedidoDeBorrador(borrador: BorradorLocal): EstadoPedido {
  continuarClaves([...borrador.pedido.lineas.map((l) => l.clave), ...borrador.pedido.tareas.map((t) => t.clave)]);
  return borrador.pedido;
}

/**
 * The draft's writes to the server, in order (docs/decisions.md "Borrador del pedido"): a write waits for a pause in
 * the typing; a save or a discard drops the waiting one and goes after the one already sent, so a draft write that
 * arrives late never brings back the draft the save or the discard deleted. Timers are the page's (`window`'s), a
 * parameter here so the order is unit-tested.
 */
export interface EscrituraBorrador {
  /** Writes `cuerpo` after the pause, replacing a write still waiting. */
  programar(cuerpo: BorradorPedidoGuardar): void;
  /** Drops the waiting write; resolves when the one sent has settled (answered or failed). */
  detener(): Promise<void>;
  /** Drops the waiting write and deletes the draft of `ventaId` once the one sent has settled. */
  descartar(ventaId: number | null): Promise<void>;
}

export function escrituraBorrador(opciones: {
  escribir: (cuerpo: BorradorPedidoGuardar) => Promise<unknown>;
  borrar: (ventaId: number | null) => Promise<unknown>;
  pausaMs: number;
  temporizador: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
}): EscrituraBorrador {
  let esperando: ReturnType<typeof setTimeout> | undefined;
  let enviada: Promise<void> = Promise.resolve();
  const detener = () => {
    opciones.temporizador.clearTimeout(esperando);
    esperando = undefined;
    return enviada;
  };
  return {
    programar(cuerpo) {
      opciones.temporizador.clearTimeout(esperando);
      esperando = opciones.temporizador.setTimeout(() => {
        esperando = undefined;
        enviada = opciones.escribir(cuerpo).then(
          () => undefined,
          () => undefined,
        );
      }, opciones.pausaMs);
    },
    detener,
    descartar: (ventaId) =>
      detener()
        .then(() => opciones.borrar(ventaId))
        .then(
          () => undefined,
          () => undefined,
        ),
  };
}
