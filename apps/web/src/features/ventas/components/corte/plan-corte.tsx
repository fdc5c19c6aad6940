import { memo, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Badge, Box, Group, List, Paper, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconExternalLink, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import type { Optimizacion } from '@tablero/domain';
import { formatearCantidad, formatearNumero, formatearPorcentaje } from '@/lib/formato';
import { codigosTablerosPlan, resumenAhorroRetales } from './corte.logica';
import classes from './corte.module.css';
import { EnlaceDocumento } from '@/components/enlace-documento';

const ZOOM_MINIMO = 1;
const ZOOM_MAXIMO = 4;
const PASO_ZOOM = 0.5;

/** The performance measure of an optimise, click to SVG drawn. */
export const MEDIDA_PLAN = 'corte-optimizar';

const metros = (valor: number) => `${formatearNumero(valor, 2, true)} m`;
const porcentaje = (valor: number) => formatearPorcentaje(valor, 2, true);

/**
 * The plan (spec 000 §2.13, docs/decisions-corte.md): the figures (boards, offcuts used, utilisation, saw cuts and their
 * metres, metres per edge), the links to the plans and labels PDFs, and every board pattern drawn as the server's SVG
 * (pieces with their numbers and sizes, offcuts and leftovers marked) with its count. Zoom: Acercar / Alejar / Ajustar;
 * a zoomed board pans by scrolling its frame.
 */
export const PlanCorte = memo(function PlanCorte({ optimizacion, marcaInicio }: { optimizacion: Optimizacion; marcaInicio?: string }) {
  const [zoom, setZoom] = useState(ZOOM_MINIMO);
  const { ref: refVista, width: anchoVista, height: altoVista } = useElementSize();
  const { planilla } = optimizacion;
  /** 'Ajustar': a whole board in sight, as wide as the panel allows without being taller than it. */
  const anchoAjustado = (base: number, altura: number) =>
    anchoVista > 0 && altoVista > 0 ? Math.max(200, Math.min(anchoVista - 28, (altoVista - 56) * (base / altura))) : null;
  // Each board's SVG names its offcut pattern 'retal'; one page holds several boards, so each gets its own id.
  const svgs = useMemo(
    () => optimizacion.tableros.map((tablero, indice) => tablero.svg.replaceAll('id="retal"', `id="retal-${indice}"`).replaceAll('url(#retal)', `url(#retal-${indice})`)),
    [optimizacion],
  );
  // docs/decisions-retales.md: the store's kept offcuts the plan cuts, by code, and what they save.
  const codigos = useMemo(() => codigosTablerosPlan(optimizacion), [optimizacion]);
  const usados = optimizacion.retales_usados ?? [];
  const ahorro = resumenAhorroRetales(optimizacion);

  // Time from the Optimizar click (its mark) to the boards drawn: the measure 'corte-optimizar' (docs/decisions-corte.md).
  useEffect(() => {
    if (!marcaInicio || performance.getEntriesByName(marcaInicio, 'mark').length === 0) return;
    const cuadro = requestAnimationFrame(() => {
      performance.measure(MEDIDA_PLAN, marcaInicio);
      performance.clearMarks(marcaInicio);
    });
    return () => cancelAnimationFrame(cuadro);
  }, [optimizacion, marcaInicio]);
  return (
    <Group align="stretch" gap="md" wrap="nowrap" h="100%" data-testid="plan-corte">
      <ScrollArea w={290} miw={290} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Resumen del plan' }}>
        <Stack gap="xs" pr="xs">
          <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Resumen del plan">
            <Table.Tbody>
              <Fila titulo="Tableros" valor={formatearCantidad(planilla.cant_placas)} />
              {planilla.despiece_retales ? <Fila titulo="Retales usados" valor={formatearCantidad(optimizacion.cant_retales)} /> : null}
              <Fila titulo="Aprovechamiento" valor={porcentaje(planilla.ptje_aprov)} />
              <Fila titulo="Cortes de sierra" valor={formatearCantidad(optimizacion.cant_cortes)} />
              <Fila titulo="Metros de sierra" valor={metros(planilla.cant_desp_sierra)} />
            </Table.Tbody>
          </Table>
          {usados.length > 0 ? (
            <Paper withBorder p={6} bg="var(--mantine-color-teal-light)" data-testid="retales-del-plan">
              <Text size="xs" fw={600}>
                Retales de la tienda en el plan
              </Text>
              <Text size="sm" ff="monospace" fw={600}>
                {usados.map((usado) => usado.codigo).join(', ')}
              </Text>
              {ahorro ? (
                <Text size="sm" fw={600} c="teal.9" data-testid="ahorro-retales">
                  {ahorro}
                </Text>
              ) : null}
            </Paper>
          ) : null}
          {planilla.tapacantos.length > 0 ? (
            <Table withTableBorder verticalSpacing={4} fz="xs" aria-label="Metros de canto">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Canto</Table.Th>
                  <Table.Th ta="right">Pegado</Table.Th>
                  <Table.Th ta="right">Metros</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {planilla.tapacantos.map((canto) => (
                  <Table.Tr key={canto.codigo}>
                    <Table.Td ff="monospace">{canto.codigo}</Table.Td>
                    <Table.Td ta="right">{metros(canto.pegado)}</Table.Td>
                    <Table.Td ta="right">{metros(canto.ml)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Group gap="md">
            <EnlaceDocumento url={planilla.url_planos} texto="Abrir planos" mensajeError="No se pudieron abrir los planos" size="sm">
              <Group gap={4} component="span">
                Planos <IconExternalLink size={14} />
              </Group>
            </EnlaceDocumento>
            <EnlaceDocumento url={planilla.url_labels} texto="Abrir etiquetas" mensajeError="No se pudieron abrir las etiquetas" size="sm">
              <Group gap={4} component="span">
                Etiquetas <IconExternalLink size={14} />
              </Group>
            </EnlaceDocumento>
          </Group>
          {optimizacion.avisos.length > 0 ? (
            <List size="xs" c="orange.9">
              {optimizacion.avisos.map((aviso) => (
                <List.Item key={aviso}>{aviso}</List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      </ScrollArea>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={4} justify="flex-end">
          <Text size="xs" c="dimmed" mr="auto">
            {optimizacion.tableros.length === 1 ? '1 patrón' : `${optimizacion.tableros.length} patrones`} · zoom {Math.round(zoom * 100)} %
          </Text>
          <Tooltip label="Alejar">
            <ActionIcon variant="default" aria-label="Alejar" disabled={zoom <= ZOOM_MINIMO} onClick={() => setZoom((z) => Math.max(ZOOM_MINIMO, z - PASO_ZOOM))}>
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Ajustar">
            <ActionIcon variant="default" aria-label="Ajustar" disabled={zoom === ZOOM_MINIMO} onClick={() => setZoom(ZOOM_MINIMO)}>
              <IconZoomReset size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Acercar">
            <ActionIcon variant="default" aria-label="Acercar" disabled={zoom >= ZOOM_MAXIMO} onClick={() => setZoom((z) => Math.min(ZOOM_MAXIMO, z + PASO_ZOOM))}>
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Box ref={refVista} style={{ flex: 1, minHeight: 0 }}>
          {/* A region that scrolls must take the focus, so the keyboard can scroll it too. */}
          <ScrollArea h="100%" type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'Tableros del plan' }}>
            <Stack gap="sm">
              {optimizacion.tableros.map((tablero, indice) => {
                const ajustado = anchoAjustado(tablero.base, tablero.altura);
                return (
                  <Paper key={indice} withBorder p={6} data-testid="tablero-plan" className={classes.tableroPlan}>
                    <Group gap="xs" mb={4}>
                      <Text size="sm" fw={600}>
                        {tablero.origen === 'retal' ? 'Retal' : 'Tablero'} {indice + 1}
                        {codigos[indice] ? ` (${codigos[indice]})` : ''}: {formatearCantidad(tablero.base)} × {formatearCantidad(tablero.altura)} mm
                      </Text>
                      <Badge variant="light" size="lg" aria-label={`Cantidad ${tablero.cantidad}`}>
                        × {tablero.cantidad}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        Aprovechamiento {porcentaje(tablero.ptje_aprov)}
                      </Text>
                    </Group>
                    <div className={classes.marcoPlano} style={{ maxHeight: altoVista > 0 ? altoVista - 48 : undefined, width: 'fit-content', maxWidth: '100%' }}>
                      {/* The server's SVG (packages/cutting svg.ts): built by our own code, texts XML-escaped. */}
                      <div className={classes.plano} style={{ width: ajustado === null ? `${zoom * 100}%` : ajustado * zoom }} dangerouslySetInnerHTML={{ __html: svgs[indice] ?? '' }} />
                    </div>
                  </Paper>
                );
              })}
            </Stack>
          </ScrollArea>
        </Box>
      </Stack>
    </Group>
  );
});

function Fila({ titulo, valor }: { titulo: string; valor: string }) {
  return (
    <Table.Tr>
      <Table.Th fw={500}>{titulo}</Table.Th>
      <Table.Td ta="right" fw={600}>
        {valor}
      </Table.Td>
    </Table.Tr>
  );
}
