import { useMemo, type ReactNode } from 'react';
import { Alert, Box, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { DIAS_MAXIMOS_INDICADORES, hoyNegocio, MENSAJES_INDICADORES } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { EntradasRangoFechas } from '@/components/entradas-rango-fechas';
import { TEXTO_ERROR_LISTA } from '@/components/tabla-paginada';
import { TituloConNota } from '@/components/titulo-con-nota';
import { useRangoEnDireccion } from '@/lib/rango-en-direccion';
import { etiquetaTienda, useTienda } from '@/lib/sesion';
import { exportarIndicadores, useIndicadores } from './api/indicadores';
import { ResumenIndicadores, TablaPorServicio } from './components/indicadores-resumen';
import { SuspensionesPorMotivo } from './components/indicadores-suspensiones';
import { TablaIndicadores } from './components/indicadores-tabla';
import { nombreOperario, rangoInicial } from './indicadores.logica';

/** The indicators' range: this month up to today unless the address holds another valid one. */
function useRango(hoy: string) {
  return useRangoEnDireccion(rangoInicial(hoy), hoy, DIAS_MAXIMOS_INDICADORES);
}

function Seccion({ titulo, nota, children }: { titulo: string; nota?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={titulo} miw={0} h="100%">
      <Group gap="xs" mb={6} align="baseline">
        <TituloConNota titulo={titulo} nota={nota} />
      </Group>
      {children}
    </Paper>
  );
}

/**
 * #/produccion/indicadores (docs/decisions-produccion.md, beyond the spec), SuperAdministrador, the selected store: for a date range
 * (this month up to today unless chosen) the stages finished, their average worked time (without suspensions) and
 * waiting time and their suspended time, in total, per service, per operator and per machine (the stage's last ones);
 * the stops of the range by reason; all of it as 'Indicadores producción.xlsx'.
 */
export function IndicadoresProduccionPage() {
  const hoy = useMemo(() => hoyNegocio(), []);
  const tienda = useTienda();
  const [rango, setRango] = useRango(hoy);
  const consulta = useIndicadores(tienda?.codigo_tienda ?? '', rango, tienda !== null);
  const exportar = useMutation({ mutationFn: exportarIndicadores });
  const datos = consulta.isError ? undefined : consulta.data;
  const cargando = consulta.isPending && tienda !== null;
  const sinEtapas = datos !== undefined && !consulta.isPlaceholderData && datos.resumen.etapas_finalizadas === 0;
  const sinNada = sinEtapas && datos.resumen.suspensiones === 0;
  const atenuado = { opacity: consulta.isPlaceholderData ? 0.6 : 1 };
  // A failed answer says so in the tables too, instead of claiming the range is empty.
  const sinEtapasTexto = consulta.isError ? TEXTO_ERROR_LISTA : MENSAJES_INDICADORES.sinEtapas;
  const sinSuspensionesTexto = consulta.isError ? TEXTO_ERROR_LISTA : 'No hay suspensiones en el rango';

  if (!tienda) {
    return (
      <Stack gap="sm">
        <EncabezadoPagina titulo="Indicadores producción" />
        <Text c="dimmed">Seleccione una tienda para ver sus indicadores de producción.</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Indicadores producción"
        descripcion={`Etapas finalizadas en el rango en la tienda ${etiquetaTienda(tienda)}: cada etapa cuenta para el operario y la máquina que la finalizaron.`}
        acciones={
          <>
            {consulta.isFetching && !cargando ? <Loader size="xs" aria-label="Actualizando" /> : null}
            <EntradasRangoFechas
              rango={rango}
              hoy={hoy}
              diasMaximos={DIAS_MAXIMOS_INDICADORES}
              onCambiar={setRango}
            />
            <Box pt={22}>
              <BotonExportar
                loading={exportar.isPending}
                disabled={!datos || sinNada}
                onClick={() => exportar.mutate(rango)}
              />
            </Box>
          </>
        }
      />

      {consulta.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} py={6} data-testid="error-indicadores">
          {consulta.error.message}
        </Alert>
      ) : null}

      <Box style={atenuado}>
        <ResumenIndicadores datos={datos} error={consulta.isError} />
      </Box>

      {sinEtapas ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} py={6} data-testid="sin-etapas">
          {MENSAJES_INDICADORES.sinEtapas}
        </Alert>
      ) : null}

      {/* Side by side on a wide screen; one above the other on a tablet, so neither table is cut (docs/decisions-produccion.md, "Tableta"). */}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" style={atenuado}>
        <Box miw={0}>
          <Seccion titulo="Por servicio">
            <TablaPorServicio servicios={datos?.por_servicio} cargando={cargando} textoVacio={sinEtapasTexto} />
          </Seccion>
        </Box>
        <Box miw={0}>
          <Seccion titulo="Suspensiones por motivo" nota="Hechas en el rango; las en curso, hasta ahora">
            <SuspensionesPorMotivo motivos={datos?.suspensiones_por_motivo} cargando={cargando} textoVacio={sinSuspensionesTexto} />
          </Seccion>
        </Box>
      </SimpleGrid>

      <Stack gap="sm" style={atenuado}>
        <Seccion titulo="Por operario">
          <TablaIndicadores
            etiqueta="Indicadores por operario"
            items={datos?.operarios}
            cargando={cargando}
            columnasNombre={[{ titulo: 'Operario', ancho: 240 }]}
            nombre={(o) => [nombreOperario(o)]}
            clave={(o) => o.operario_id}
            textoVacio={sinEtapasTexto}
          />
        </Seccion>
        <Seccion titulo="Por máquina">
          <TablaIndicadores
            etiqueta="Indicadores por máquina"
            items={datos?.maquinas}
            cargando={cargando}
            columnasNombre={[
              { titulo: 'Referencia', ancho: 110 },
              { titulo: 'Máquina', ancho: 200 },
            ]}
            nombre={(m) => [m.referencia_maquina, m.nombre_maquina]}
            clave={(m) => m.maquina_id}
            textoVacio={sinEtapasTexto}
          />
        </Seccion>
      </Stack>
    </Stack>
  );
}
