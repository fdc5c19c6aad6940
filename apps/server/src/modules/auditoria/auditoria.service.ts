import {
  ACCIONES_AUDITORIA,
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
import { escribirLibroXlsx, hojaXlsx } from '../../lib/libro-xlsx';
import { paginar } from '../../lib/paginacion';
import * as repositorio from './auditoria.repository';

type FilaCambio = Awaited<ReturnType<typeof repositorio.listCambiosExportar>>[number];

function cambioDe(fila: FilaCambio): CambioAuditoria {
  return { ...fila, fecha: fila.fecha.toISOString() };
}

/** One page of the trail, newest first. */
export async function listarCambios(db: Db, consulta: AuditoriaConsulta): Promise<Pagina<CambioAuditoria>> {
  const { filas, total } = await repositorio.listCambios(db, consulta, { page: consulta.page, perPage: consulta.per_page });
  return paginar(filas.map(cambioDe), total, consulta.page, consulta.per_page);
}

/** The users the screen's filter offers. */
export function listarUsuarios(db: Db) {
  return repositorio.listUsuarios(db);
}

/** A value as a cell shows it: text as is, numbers and flags as written, objects as JSON, empty as '—'. */
function textoValor(valor: unknown): string {
  if (valor === null || valor === undefined) return '—';
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'number' || typeof valor === 'boolean') return String(valor);
  return JSON.stringify(valor);
}

/** 'campo: valor' per line, in the column order the row had. */
export function resumenValores(valores: Record<string, unknown> | null): string {
  if (!valores) return '';
  return Object.entries(valores)
    .map(([campo, valor]) => `${campo}: ${textoValor(valor)}`)
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
  const filas = await repositorio.listCambiosExportar(db, filtro, FILAS_MAXIMAS_EXPORTAR_AUDITORIA + 1);
  if (filas.length > FILAS_MAXIMAS_EXPORTAR_AUDITORIA) throw new AppError('DATOS_INVALIDOS', MENSAJES_AUDITORIA.exportacionGrande);
  const reloj = relojNegocio();
  const titulo = `Auditoría ${filtro.fecha_inicial} a ${filtro.fecha_final}`;
  const archivo = await escribirLibroXlsx(titulo, async (libro) => {
    const hoja = hojaXlsx(libro, 'Auditoría', [
      { header: 'Fecha', key: 'fecha', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
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
        fecha: reloj(fila.fecha),
        usuario: fila.usuario ?? 'Tablero (sistema)',
        rol: fila.rol ?? '',
        tienda: fila.codigo_tienda ?? '',
        ip: fila.ip ?? '',
        solicitud: fila.request_id ?? '',
        modulo: MODULOS_AUDITORIA[fila.modulo as keyof typeof MODULOS_AUDITORIA] ?? fila.modulo,
        registro: `${TABLAS_AUDITORIA[fila.tabla] ?? fila.tabla} ${fila.registro}`,
        accion: ACCIONES_AUDITORIA[fila.accion],
        antes: celda(resumenValores(fila.antes)),
        despues: celda(resumenValores(fila.despues)),
      });
    }
    hoja.cerrar();
  });
  return { archivo, nombre: `Auditoría ${filtro.fecha_inicial} a ${filtro.fecha_final}.xlsx` };
}
