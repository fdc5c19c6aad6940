import {
  ACCIONES_AUDITORIA,
  auditoriaFiltroSchema,
  etiquetaCampoAuditoria,
  MODULOS_AUDITORIA,
  TABLAS_AUDITORIA,
  textoCampoAuditoria,
  type CambioAuditoria,
  type ModuloAuditoria,
} from '@tablero/domain';
import { escribirEnDireccion } from '@/lib/filtros-en-direccion';

/** The screen's filters: the date range (the last seven days to start) and optionally a user, a module, a record. */
export interface FiltrosAuditoria {
  fecha_inicial: string;
  fecha_final: string;
  usuario_id: string | null;
  modulo: ModuloAuditoria | null;
  registro: string;
}

/** A week back from today: what a first look at the trail usually wants. */
export function filtrosAuditoriaIniciales(hoy: string): FiltrosAuditoria {
  const inicio = new Date(`${hoy}T12:00:00Z`);
  inicio.setUTCDate(inicio.getUTCDate() - 6);
  return { fecha_inicial: inicio.toISOString().slice(0, 10), fecha_final: hoy, usuario_id: null, modulo: null, registro: '' };
}

/** The filters' names in the address, beside the list's own pagina and filas. */
const PARAMETROS = { fecha_inicial: 'desde', fecha_final: 'hasta', usuario_id: 'usuario', modulo: 'modulo', registro: 'registro' } as const;

/**
 * The filters an address holds, checked by the routes' own rule (auditoriaFiltroSchema: real dates in order, at most a
 * year and a day, a known module, a record of 100 characters); an address the routes would refuse (an edited one) is
 * the first week's filters, never a 422.
 */
export function leerFiltrosAuditoria(parametros: URLSearchParams, hoy: string): FiltrosAuditoria {
  const iniciales = filtrosAuditoriaIniciales(hoy);
  const leido = auditoriaFiltroSchema.safeParse({
    fecha_inicial: parametros.get(PARAMETROS.fecha_inicial) ?? iniciales.fecha_inicial,
    fecha_final: parametros.get(PARAMETROS.fecha_final) ?? iniciales.fecha_final,
    usuario_id: parametros.get(PARAMETROS.usuario_id) ?? undefined,
    modulo: parametros.get(PARAMETROS.modulo) ?? undefined,
    registro: parametros.get(PARAMETROS.registro) ?? undefined,
  });
  if (!leido.success) return iniciales;
  const { fecha_inicial, fecha_final, usuario_id, modulo, registro } = leido.data;
  return { fecha_inicial, fecha_final, usuario_id: usuario_id === null || usuario_id === undefined ? null : String(usuario_id), modulo: modulo ?? null, registro: registro ?? '' };
}

/** Writes the filters into the address, leaving out what equals the first week's (a fresh screen has a clean address). */
export function escribirFiltrosAuditoria(parametros: URLSearchParams, filtros: FiltrosAuditoria, hoy: string): URLSearchParams {
  return escribirEnDireccion(parametros, PARAMETROS, { ...filtros, registro: filtros.registro.trim() }, filtrosAuditoriaIniciales(hoy));
}

/** What the routes read: empty filters left out. */
export function cuerpoFiltros(filtros: FiltrosAuditoria): Record<string, string> {
  const cuerpo: Record<string, string> = { fecha_inicial: filtros.fecha_inicial, fecha_final: filtros.fecha_final };
  if (filtros.usuario_id) cuerpo.usuario_id = filtros.usuario_id;
  if (filtros.modulo) cuerpo.modulo = filtros.modulo;
  if (filtros.registro.trim()) cuerpo.registro = filtros.registro.trim();
  return cuerpo;
}

export const nombreModulo = (modulo: string) => MODULOS_AUDITORIA[modulo as ModuloAuditoria] ?? modulo;
export const nombreTabla = (tabla: string) => TABLAS_AUDITORIA[tabla] ?? tabla;
export const nombreAccion = (accion: CambioAuditoria['accion']) => ACCIONES_AUDITORIA[accion];

/** The record a change is about: its kind and its name when the server read one ('Tercero Ana Gómez · 1020304050'), else its key. */
export const registroDe = (cambio: Pick<CambioAuditoria, 'tabla' | 'registro' | 'nombre_registro'>) => `${nombreTabla(cambio.tabla)} ${cambio.nombre_registro ?? cambio.registro}`;

export interface CampoCambiado {
  /** The column, for a key. */
  campo: string;
  /** Its Spanish label ('Saldo de anticipo'). */
  etiqueta: string;
  antes: string;
  despues: string;
}

/**
 * The fields of a change, each with its label and its value before and after as people read them (money as money,
 * dates as dates, ids as the record's name; docs/decisions-operacion.md, "Auditoría legible"); a creation has no
 * before, a deletion no after.
 */
export function camposDe(cambio: Pick<CambioAuditoria, 'antes' | 'despues' | 'nombres'>): CampoCambiado[] {
  const campos = [...new Set([...Object.keys(cambio.antes ?? {}), ...Object.keys(cambio.despues ?? {})])];
  return campos.map((campo) => ({
    campo,
    etiqueta: etiquetaCampoAuditoria(campo),
    antes: cambio.antes ? textoCampoAuditoria(campo, cambio.antes[campo], cambio.nombres) : '',
    despues: cambio.despues ? textoCampoAuditoria(campo, cambio.despues[campo], cambio.nombres) : '',
  }));
}

/** One line for the list: the first fields that changed ('Saldo de anticipo: $230,000 → $430,000'), and how many more. */
export function resumenCambio(cambio: CambioAuditoria, mostrar = 2): string {
  const campos = camposDe(cambio);
  const linea = (c: CampoCambiado) => (cambio.accion === 'editar' ? `${c.etiqueta}: ${c.antes} → ${c.despues}` : `${c.etiqueta}: ${cambio.accion === 'crear' ? c.despues : c.antes}`);
  const primeros = campos.slice(0, mostrar).map(linea).join('; ');
  const resto = campos.length - mostrar;
  return resto > 0 ? `${primeros}; y ${resto} campo${resto === 1 ? '' : 's'} más` : primeros;
}
