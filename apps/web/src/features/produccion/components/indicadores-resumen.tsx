import { SimpleGrid, Table } from '@mantine/core';
import type { IndicadoresProduccion, IndicadorServicio } from '@tablero/domain';
import { TarjetaCifraCompacta } from '@/components/tarjeta-cifra';
import { formatearDuracion } from '@/lib/formato';
import { CeldasCifras, COLUMNAS_CIFRAS, Encabezado, EncabezadosCifras, EstadoTabla } from './indicadores-tabla';

/** The range at a glance: stages finished, average worked and waiting time, and the stops. */
export function ResumenIndicadores({ datos, error }: { datos: IndicadoresProduccion | undefined; error: boolean }) {
  const r = datos?.resumen;
  // A failed answer leaves dashes, not skeletons that look like it is still loading.
  const sinDato = error ? '—' : null;
  // Without stages an average is no figure: a dash, not '0 s'.
  const promedio = (segundos: number) => (r && r.etapas_finalizadas > 0 ? formatearDuracion(segundos) : '—');
  const enCurso = datos?.suspensiones_por_motivo.reduce((suma, m) => suma + m.en_curso, 0) ?? 0;
  return (
    // Two cards a row on a tablet (820 px), four on a desktop: every title and note reads whole (they wrap, never cut).
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <TarjetaCifraCompacta titulo="Etapas finalizadas" testId="resumen-etapas" valor={r ? String(r.etapas_finalizadas) : sinDato} detalle="Por su fecha de finalización" />
      <TarjetaCifraCompacta
        titulo="Tiempo trabajado promedio"
        testId="resumen-trabajado"
        valor={r ? promedio(r.promedio_trabajado_segundos) : sinDato}
        detalle="Sin las suspensiones"
      />
      <TarjetaCifraCompacta
        titulo="Tiempo de espera promedio"
        testId="resumen-espera"
        valor={r ? promedio(r.promedio_espera_segundos) : sinDato}
        detalle="Hasta el inicio de la etapa"
      />
      <TarjetaCifraCompacta
        titulo="Suspensiones"
        testId="resumen-suspensiones"
        valor={r ? String(r.suspensiones) : sinDato}
        detalle={
          !r ? undefined : r.suspensiones === 0 ? 'Ninguna en el rango' : `${formatearDuracion(r.tiempo_suspensiones_segundos)} en total${enCurso > 0 ? ` · ${enCurso} en curso` : ''}`
        }
      />
    </SimpleGrid>
  );
}

/** The store's figures per service (Corte, Enchape, Servicios especiales, Empaque). */
export function TablaPorServicio({ servicios, cargando, textoVacio }: { servicios: readonly IndicadorServicio[] | undefined; cargando: boolean; textoVacio: string }) {
  const lista = servicios ?? [];
  return (
    <Table aria-label="Indicadores por servicio" aria-busy={cargando} withTableBorder withColumnBorders striped verticalSpacing={3} horizontalSpacing="xs" fz="sm">
      <Table.Thead bg="gray.1">
        <Table.Tr>
          <Encabezado>Servicio</Encabezado>
          <EncabezadosCifras anchoEtapas={80} ancho={96} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lista.length === 0 ? (
          <EstadoTabla columnas={1 + COLUMNAS_CIFRAS.length} cargando={cargando} texto={textoVacio} />
        ) : (
          lista.map((s) => (
            <Table.Tr key={s.grupo_servicio_id}>
              <Table.Td>{s.nombre_grupo_servicio}</Table.Td>
              <CeldasCifras cifras={s} />
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
