// The production figures (beyond the spec; docs/decisions-produccion.md): per operator and per machine for a date
// range, and the stops by reason; the same figures as an .xlsx. PostgreSQL groups and averages
// (indicadores.repository.ts): here the grouped rows are only nested (operator → its services) and sorted.
import { hoyNegocio, ORDEN_ETAPAS_PRODUCCION } from '@tablero/domain';
import {
  ARCHIVO_INDICADORES_PRODUCCION,
  HOJAS_INDICADORES_PRODUCCION,
  MENSAJES_INDICADORES,
  type CifrasIndicadores,
  type IndicadoresProduccion,
  type IndicadoresRango,
  type IndicadorServicio,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import { escribirLibroXlsx, hojaXlsx, ESTILOS_XLSX, type ColumnaXlsx } from '../../lib/libro-xlsx';
import { campoInvalido } from '../../lib/app-error';
import * as repositorio from './indicadores.repository';
import type { FilaAgregada } from './indicadores.repository';

/** The end date may not be after today in the business's zone (422 on the field), as the dashboard. */
function verificarRango(rango: IndicadoresRango): void {
  if (rango.fecha_final > hoyNegocio()) {
    throw campoInvalido('fecha_final', MENSAJES_INDICADORES.fechaFinalFutura);
  }
}

const cifras = (f: FilaAgregada | undefined): CifrasIndicadores => ({
  etapas_finalizadas: f?.etapas_finalizadas ?? 0,
  promedio_trabajado_segundos: f?.promedio_trabajado_segundos ?? 0,
  promedio_espera_segundos: f?.promedio_espera_segundos ?? 0,
  tiempo_suspendido_segundos: f?.tiempo_suspendido_segundos ?? 0,
});

/** The stage order of the services (1, 2, 3, 6); an unknown one last. */
const ordenServicio = (id: number | null) => {
  const posicion = (ORDEN_ETAPAS_PRODUCCION as readonly number[]).indexOf(id ?? -1);
  return posicion === -1 ? Number.MAX_SAFE_INTEGER : posicion;
};

const servicio = (f: FilaAgregada): IndicadorServicio => ({
  grupo_servicio_id: f.grupo_servicio_id!,
  nombre_grupo_servicio: f.nombre_grupo_servicio ?? '',
  ...cifras(f),
});

/** The service rows of one operator or machine (`clave` names it), in stage order. */
function serviciosDe(filas: readonly FilaAgregada[], clave: (f: FilaAgregada) => number | null, id: number): IndicadorServicio[] {
  return filas
    .filter((f) => clave(f) === id)
    .sort((a, b) => ordenServicio(a.grupo_servicio_id) - ordenServicio(b.grupo_servicio_id))
    .map(servicio);
}

/** Most stages first, then by name. */
const porEtapas = (a: { etapas_finalizadas: number; nombre: string }, b: { etapas_finalizadas: number; nombre: string }) =>
  b.etapas_finalizadas - a.etapas_finalizadas || a.nombre.localeCompare(b.nombre, 'es');

/**
 * POST produccion/indicadores: the figures of the selected store's stages finished in the range (by their finish
 * time), per operator and per machine (the stage's last ones) each with its services, per service, in total; and
 * the stops made in the range by reason.
 */
export async function indicadores(db: Db, rango: IndicadoresRango, actor: Actor): Promise<IndicadoresProduccion> {
  verificarRango(rango);
  const r: repositorio.RangoIndicadores = { codigoTienda: tiendaDelActor(actor), desde: rango.fecha_inicial, hasta: rango.fecha_final };
  const [filas, motivos] = await Promise.all([repositorio.agregadosEtapasFinalizadas(db, r), repositorio.suspensionesPorMotivo(db, r)]);
  const de = (nivel: FilaAgregada['nivel']) => filas.filter((f) => f.nivel === nivel);
  // A stage always has its operator and machine once finished; a null would be a row someone edited by hand.
  const operarios = de('operario')
    .filter((f) => f.operario_id !== null)
    .map((f) => ({
      operario_id: f.operario_id!,
      nombres_operario: f.nombres_operario ?? '',
      apellidos_operario: f.apellidos_operario ?? '',
      ...cifras(f),
      por_servicio: serviciosDe(de('operario_servicio'), (s) => s.operario_id, f.operario_id!),
    }))
    .sort((a, b) => porEtapas({ ...a, nombre: `${a.nombres_operario} ${a.apellidos_operario}` }, { ...b, nombre: `${b.nombres_operario} ${b.apellidos_operario}` }));
  const maquinas = de('maquina')
    .filter((f) => f.maquina_id !== null)
    .map((f) => ({
      maquina_id: f.maquina_id!,
      referencia_maquina: f.referencia_maquina ?? '',
      nombre_maquina: f.nombre_maquina ?? '',
      ...cifras(f),
      por_servicio: serviciosDe(de('maquina_servicio'), (s) => s.maquina_id, f.maquina_id!),
    }))
    .sort((a, b) => porEtapas({ ...a, nombre: a.referencia_maquina }, { ...b, nombre: b.referencia_maquina }));
  return {
    resumen: {
      ...cifras(de('total')[0]),
      suspensiones: motivos.reduce((suma, m) => suma + m.suspensiones, 0),
      tiempo_suspensiones_segundos: motivos.reduce((suma, m) => suma + m.tiempo_suspendido_segundos, 0),
    },
    por_servicio: de('servicio')
      .sort((a, b) => ordenServicio(a.grupo_servicio_id) - ordenServicio(b.grupo_servicio_id))
      .map(servicio),
    operarios,
    maquinas,
    suspensiones_por_motivo: motivos,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The export

/** Seconds as minutes with two decimals: the sheets say '(min)' in their headers. */
const minutos = (segundos: number) => Math.round((segundos / 60) * 100) / 100;
const { minutos: MINUTOS, entero: ENTERO } = ESTILOS_XLSX;
const AJUSTADO = { encabezadoAjustado: true };

/** The columns every figures row shares (operator and machine sheets). */
const COLUMNAS_CIFRAS: ColumnaXlsx[] = [
  { header: 'Servicio', key: 'servicio', width: 22 },
  { header: 'Etapas finalizadas', key: 'etapas_finalizadas', width: 12, style: ENTERO },
  { header: 'Tiempo trabajado promedio (min)', key: 'trabajado', width: 16, style: MINUTOS },
  { header: 'Tiempo de espera promedio (min)', key: 'espera', width: 16, style: MINUTOS },
  { header: 'Tiempo suspendido total (min)', key: 'suspendido', width: 16, style: MINUTOS },
];

const valoresCifras = (servicioNombre: string, c: CifrasIndicadores) => ({
  servicio: servicioNombre,
  etapas_finalizadas: c.etapas_finalizadas,
  trabajado: minutos(c.promedio_trabajado_segundos),
  espera: minutos(c.promedio_espera_segundos),
  suspendido: minutos(c.tiempo_suspendido_segundos),
});

/**
 * POST produccion/indicadores/exportar: the same figures as a real .xlsx, sheets Operarios, Máquinas and Motivos de
 * suspensión, times as numbers in minutes. Each operator (machine) has a row per service and a bold 'Total' row. The
 * workbook has a few hundred rows at most (operators × services), written by the streaming writer: it holds the event
 * loop for a few milliseconds, so no worker is needed.
 */
export async function exportar(db: Db, rango: IndicadoresRango, actor: Actor): Promise<{ archivo: Buffer; nombre: string }> {
  const datos = await indicadores(db, rango, actor);
  const archivo = await escribirLibroXlsx(`Indicadores producción ${rango.fecha_inicial} a ${rango.fecha_final} tienda ${tiendaDelActor(actor)}`, async (libro) => {
    const [hojaOperarios, hojaMaquinas, hojaMotivos] = HOJAS_INDICADORES_PRODUCCION;

    const operarios = hojaXlsx(libro, hojaOperarios, [{ header: 'Operario', key: 'nombre', width: 30 }, ...COLUMNAS_CIFRAS], AJUSTADO);
    for (const o of datos.operarios) {
      const nombre = `${o.nombres_operario} ${o.apellidos_operario}`.trim();
      for (const s of o.por_servicio) await operarios.fila({ nombre, ...valoresCifras(s.nombre_grupo_servicio, s) });
      await operarios.fila({ nombre, ...valoresCifras('Total', o) }, true);
    }
    await operarios.fila({});
    await operarios.fila({ nombre: `Etapas finalizadas del ${rango.fecha_inicial} al ${rango.fecha_final}` });
    operarios.cerrar();

    const maquinas = hojaXlsx(libro, hojaMaquinas, [
      { header: 'Referencia', key: 'referencia', width: 16 },
      { header: 'Máquina', key: 'nombre', width: 28 },
      ...COLUMNAS_CIFRAS,
    ], AJUSTADO);
    for (const m of datos.maquinas) {
      const base = { referencia: m.referencia_maquina, nombre: m.nombre_maquina };
      for (const s of m.por_servicio) await maquinas.fila({ ...base, ...valoresCifras(s.nombre_grupo_servicio, s) });
      await maquinas.fila({ ...base, ...valoresCifras('Total', m) }, true);
    }
    await maquinas.fila({});
    await maquinas.fila({ referencia: `Etapas finalizadas del ${rango.fecha_inicial} al ${rango.fecha_final}` });
    maquinas.cerrar();

    const motivos = hojaXlsx(libro, hojaMotivos, [
      { header: 'Motivo', key: 'motivo', width: 28 },
      { header: 'Suspensiones', key: 'suspensiones', width: 14, style: ENTERO },
      { header: 'En curso', key: 'en_curso', width: 10, style: ENTERO },
      { header: 'Tiempo suspendido total (min)', key: 'tiempo', width: 18, style: MINUTOS },
    ], AJUSTADO);
    for (const m of datos.suspensiones_por_motivo) {
      await motivos.fila({ motivo: m.nombre_tipo_motivo_suspension_produccion, suspensiones: m.suspensiones, en_curso: m.en_curso, tiempo: minutos(m.tiempo_suspendido_segundos) });
    }
    await motivos.fila({ motivo: 'Total', suspensiones: datos.resumen.suspensiones, en_curso: datos.suspensiones_por_motivo.reduce((s, m) => s + m.en_curso, 0), tiempo: minutos(datos.resumen.tiempo_suspensiones_segundos) }, true);
    await motivos.fila({});
    await motivos.fila({ motivo: `Suspensiones hechas del ${rango.fecha_inicial} al ${rango.fecha_final}; las en curso cuentan hasta la exportación` });
    motivos.cerrar();
  });
  return { archivo, nombre: ARCHIVO_INDICADORES_PRODUCCION };
}
