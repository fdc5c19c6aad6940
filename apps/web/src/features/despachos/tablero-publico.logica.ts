import {
  TURNOS_POR_PAGINA_PUBLICA,
  ZONA_NEGOCIO,
  type EventoDespachoPublico,
  type TableroPublicoDespachos,
  type TurnoPublicoEnProceso,
  type TurnoPublicoNotificado,
} from '@tablero/domain';

/**
 * The public dispatch board's rules (spec 001 "Public dispatch board", docs/decisions-despachos.md), apart from React so they can be tested: applying a live
 * event to the page on screen, the automatic paging cycle and the clock's text.
 */

/** How long each page stays on screen when the turns take more than one. */
export const SEGUNDOS_POR_PAGINA = 10;
/** How long a called turn stays highlighted. */
export const SEGUNDOS_RESALTADO = 8;
/** The board re-reads its page this long after the last event: several events in a row cost one request. */
export const ESPERA_RELECTURA_MS = 300;

/**
 * Whether a turn that goes to the end of a column belongs on the page shown: the page is that column's last one (it
 * is not full) and the column has rows here, or this is page 1. An empty column on page 2 means its turns all fit on
 * page 1, so a new one goes there, not here.
 */
function cabeAlFinal(lista: readonly unknown[], pagina: number): boolean {
  return lista.length < TURNOS_POR_PAGINA_PUBLICA && (lista.length > 0 || pagina === 1);
}

/**
 * The page on screen after a live event, at once, before the server's answer: new_dispatch adds the turn to
 * Próximos, assign_dispatch moves it to En proceso with its dispatcher, remove_dispatch takes it off. Turns are
 * matched by sale (a turn number repeats from one day to the next), so an event repeated is harmless. The guess
 * about paging is made only for the page shown; the re-read that follows every event puts each turn where the
 * server says.
 */
export function aplicarEvento(datos: TableroPublicoDespachos, evento: EventoDespachoPublico, turno: TurnoPublicoNotificado): TableroPublicoDespachos {
  const proximos = datos.proximos.filter((t) => t.venta_id !== turno.venta_id);
  const enProceso = datos.en_proceso.filter((t) => t.venta_id !== turno.venta_id);
  const pagina = datos.current_page;
  const base = { numero_turno: turno.numero_turno, venta_id: turno.venta_id, cliente: turno.cliente };

  if (evento === 'new_dispatch' && cabeAlFinal(proximos, pagina)) proximos.push(base);

  if (evento === 'assign_dispatch') {
    const fila: TurnoPublicoEnProceso = { ...base, despachador: turno.despachador ?? '' };
    // En proceso is ordered by turn like the server's list: the called turn goes before the first higher number.
    const indice = enProceso.findIndex((t) => t.numero_turno > turno.numero_turno);
    if (indice >= 0) {
      enProceso.splice(indice, 0, fila);
      enProceso.length = Math.min(enProceso.length, TURNOS_POR_PAGINA_PUBLICA);
    } else if (cabeAlFinal(enProceso, pagina)) {
      enProceso.push(fila);
    }
  }

  return { ...datos, proximos, en_proceso: enProceso };
}

/** The page that follows `actual` in the cycle: 1, 2, …, the last, and 1 again. */
export function siguientePagina(actual: number, ultima: number): number {
  return actual >= ultima ? 1 : actual + 1;
}

/** The page to ask for when the lists shrank under the one shown: back to the first (the next turns to be called). */
export function paginaVigente(actual: number, ultima: number): number {
  return actual > ultima || actual < 1 ? 1 : actual;
}

/** 'Página 1 de 2' when the turns take more than one page; nothing when they fit on one. */
export function textoPagina(actual: number, ultima: number): string | null {
  return ultima > 1 ? `Página ${actual} de ${ultima}` : null;
}

/** What an empty column says: on page 1 it has no turns; on a later page its turns are all on earlier pages. */
export function textoColumnaVacia(columna: 'proximos' | 'en_proceso', pagina: number): string {
  if (columna === 'proximos') return pagina > 1 ? 'No hay más turnos en espera' : 'No hay turnos en espera';
  return pagina > 1 ? 'No hay más turnos en proceso' : 'No hay turnos en proceso';
}

const HORA = new Intl.DateTimeFormat('es-CO', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONA_NEGOCIO });
const FECHA = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: ZONA_NEGOCIO });

/** The clock, HH:MM in Bogotá whatever the TV's own time zone. */
export function textoHora(instante: Date): string {
  return HORA.format(instante);
}

/** The date under the clock, 'miércoles, 26 de noviembre', in Bogotá. */
export function textoFecha(instante: Date): string {
  const texto = FECHA.format(instante);
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** The store code of the board's address (?tienda=001), trimmed; null when missing or blank. */
export function tiendaDeDireccion(parametros: URLSearchParams): string | null {
  const tienda = parametros.get('tienda')?.trim() ?? '';
  return tienda === '' ? null : tienda;
}

/** The beep on a call is on unless the address turns it off (?sonido=0 or ?sonido=no): a board by a quiet desk. */
export function sonidoDeDireccion(parametros: URLSearchParams): boolean {
  const valor = parametros.get('sonido')?.trim().toLowerCase();
  return valor !== '0' && valor !== 'no' && valor !== 'false';
}
