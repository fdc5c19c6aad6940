import {
  ACCIONES_AUDITORIA,
  claveNombre,
  etiquetaCampoAuditoria,
  formatearNit,
  referenciaDeCampo,
  REGISTROS_CON_NOMBRE,
  textoCampoAuditoria,
  type ReferenciaAuditoria,
  FILAS_MAXIMAS_EXPORTAR_AUDITORIA,
  MENSAJES_AUDITORIA,
  MODULOS_AUDITORIA,
  relojNegocio,
  TABLAS_AUDITORIA,
  type AuditoriaConsulta,
  type AuditoriaFiltro,
  type CambioAuditoria,
  type Pagina,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { escribirLibroXlsx, hojaXlsx, ESTILOS_XLSX } from '../../lib/libro-xlsx';
import { paginar } from '../../lib/paginacion';
import * as repositorio from './auditoria.repository';

type FilaCambio = Awaited<ReturnType<typeof repositorio.listCambiosExportar>>[number];

/** DIAN's code of the NIT document type: a NIT prints with its check digit. */
const CODIGO_DIAN_NIT = '31';

/** A record as the trail names it: 'Ana Gómez · 1020304050', 'Maderas SAS · NIT 900.123.456-8', 'Efectivo'. */
function nombreImpreso(fila: repositorio.FilaNombre): string {
  if (!fila.documento) return fila.nombre;
  return fila.codigo_dian === CODIGO_DIAN_NIT ? `${fila.nombre} · NIT ${formatearNit(fila.documento)}` : `${fila.nombre} · ${fila.documento}`;
}

/** A whole-number id among the values (ids are written as numbers; text that is one counts too). */
function idDe(valor: unknown): number | null {
  const numero = typeof valor === 'string' && /^\d{1,10}$/.test(valor) ? Number(valor) : valor;
  return typeof numero === 'number' && Number.isSafeInteger(numero) && numero > 0 ? numero : null;
}

/**
 * The changes with their names (docs/decisions-operacion.md, "Auditoría legible"): every id among their values that
 * names a customer, user, product, payment method, sale state or supplier, and the record itself when it is one of
 * those, read in one query per kind for the whole page.
 */
async function conNombres(db: Db, filas: FilaCambio[]): Promise<CambioAuditoria[]> {
  const pedidos = new Map<ReferenciaAuditoria, Set<number>>();
  const pedir = (tipo: ReferenciaAuditoria, id: number | null) => {
    if (id === null) return;
    if (!pedidos.has(tipo)) pedidos.set(tipo, new Set());
    pedidos.get(tipo)!.add(id);
  };
  for (const fila of filas) {
    const tipoRegistro = REGISTROS_CON_NOMBRE[fila.tabla];
    if (tipoRegistro) pedir(tipoRegistro, idDe(fila.registro));
    for (const valores of [fila.antes, fila.despues]) {
      for (const [campo, valor] of Object.entries(valores ?? {})) {
        const tipo = referenciaDeCampo(campo);
        if (tipo) pedir(tipo, idDe(valor));
      }
    }
  }
  const leidos = await Promise.all(
    [...pedidos].map(async ([tipo, ids]) => [tipo, new Map((await repositorio.nombresDe(db, tipo, [...ids])).map((f) => [f.id, nombreImpreso(f)]))] as const),
  );
  const nombres = new Map<ReferenciaAuditoria, Map<number, string>>(leidos);
  return filas.map((fila) => {
    const propios: Record<string, string> = {};
    for (const valores of [fila.antes, fila.despues]) {
      for (const [campo, valor] of Object.entries(valores ?? {})) {
        const tipo = referenciaDeCampo(campo);
        const id = tipo ? idDe(valor) : null;
        const nombre = tipo && id !== null ? nombres.get(tipo)?.get(id) : undefined;
        if (nombre !== undefined) propios[claveNombre(campo, valor)] = nombre;
      }
    }
    const tipoRegistro = REGISTROS_CON_NOMBRE[fila.tabla];
    const idRegistro = tipoRegistro ? idDe(fila.registro) : null;
    const nombreRegistro = tipoRegistro && idRegistro !== null ? (nombres.get(tipoRegistro)?.get(idRegistro) ?? null) : null;
    return { ...fila, fecha: fila.fecha.toISOString(), nombre_registro: nombreRegistro, nombres: propios };
  });
}

/** One page of the trail, newest first, with the names of the records it mentions. */
export async function listarCambios(db: Db, consulta: AuditoriaConsulta): Promise<Pagina<CambioAuditoria>> {
  const { filas, total } = await repositorio.listCambios(db, consulta, { page: consulta.page, perPage: consulta.per_page });
  return paginar(await conNombres(db, filas), total, consulta.page, consulta.per_page);
}


/** The users the screen's filter offers. */
export function listarUsuarios(db: Db) {
  return repositorio.listUsuarios(db);
}

/** 'Etiqueta: valor' per line, in the column order the row had, labelled and printed as the screen shows them. */
export function resumenValores(valores: Record<string, unknown> | null, nombres: Record<string, string> = {}): string {
  if (!valores) return '';
  return Object.entries(valores)
    .map(([campo, valor]) => `${etiquetaCampoAuditoria(campo)}: ${textoCampoAuditoria(campo, valor, nombres)}`)
    .join('\n');
}

/** Excel's cell limit: a longer text is cut with a mark rather than refused by Excel on opening. */
const LARGO_MAXIMO_CELDA = 32_000;
const celda = (texto: string) => (texto.length > LARGO_MAXIMO_CELDA ? `${texto.slice(0, LARGO_MAXIMO_CELDA)}…` : texto);

/**
 * The .xlsx of every change the filters select (at most FILAS_MAXIMAS_EXPORTAR_AUDITORIA; more is refused with a
 * Spanish message, nothing partial), one row per change with its values before and after, dates on the business's
 * wall clock.
 */
export async function exportarCambios(db: Db, filtro: AuditoriaFiltro): Promise<{ archivo: Buffer; nombre: string }> {
  const leidas = await repositorio.listCambiosExportar(db, filtro, FILAS_MAXIMAS_EXPORTAR_AUDITORIA + 1);
  if (leidas.length > FILAS_MAXIMAS_EXPORTAR_AUDITORIA) throw new AppError('DATOS_INVALIDOS', MENSAJES_AUDITORIA.exportacionGrande);
  const filas = await conNombres(db, leidas);
  const reloj = relojNegocio();
  const titulo = `Auditoría ${filtro.fecha_inicial} a ${filtro.fecha_final}`;
  const archivo = await escribirLibroXlsx(titulo, async (libro) => {
    const hoja = hojaXlsx(libro, 'Auditoría', [
      { header: 'Fecha', key: 'fecha', width: 18, style: ESTILOS_XLSX.fechaHoraSegundos },
      { header: 'Usuario', key: 'usuario', width: 32 },
      { header: 'Rol', key: 'rol', width: 18 },
      { header: 'Tienda', key: 'tienda', width: 10 },
      { header: 'Desde (IP)', key: 'ip', width: 16 },
      { header: 'Solicitud', key: 'solicitud', width: 38 },
      { header: 'Módulo', key: 'modulo', width: 22 },
      { header: 'Registro', key: 'registro', width: 30 },
      { header: 'Acción', key: 'accion', width: 12 },
      { header: 'Antes', key: 'antes', width: 50 },
      { header: 'Después', key: 'despues', width: 50 },
    ]);
    for (const fila of filas) {
      await hoja.fila({
        fecha: reloj(new Date(fila.fecha)),
        usuario: fila.usuario ?? 'Tablero (sistema)',
        rol: fila.rol ?? '',
        tienda: fila.codigo_tienda ?? '',
        ip: fila.ip ?? '',
        solicitud: fila.request_id ?? '',
        modulo: MODULOS_AUDITORIA[fila.modulo as keyof typeof MODULOS_AUDITORIA] ?? fila.modulo,
        registro: `${TABLAS_AUDITORIA[fila.tabla] ?? fila.tabla} ${fila.nombre_registro ?? fila.registro}`,
        accion: ACCIONES_AUDITORIA[fila.accion],
        antes: celda(resumenValores(fila.antes, fila.nombres)),
        despues: celda(resumenValores(fila.despues, fila.nombres)),
      });
    }
    hoja.cerrar();
  });
  return { archivo, nombre: `Auditoría ${filtro.fecha_inicial} a ${filtro.fecha_final}.xlsx` };
}
