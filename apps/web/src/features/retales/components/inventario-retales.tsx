import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHistory, IconPencil, IconPlus, IconPrinter, IconTag, IconTrash } from '@tabler/icons-react';
import type { OrdenRetal } from '@tablero/domain';
import { AccionFila } from '@/components/accion-fila';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { abrirDocumento } from '@/lib/descargar';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearMoneda, formatearNumero } from '@/lib/formato';
import { useResumenRetales, useRetales, type RetalesConsulta, type RetalJson } from '../api/get-retales';
import { useEnlaceEtiquetas } from '../api/etiquetas-retales';
import { alternarPagina, alternarSeleccion, consultaDeFiltros, esModificable, marcaPagina, textoAntiguedad, textoArea, textoOrigen } from '../retales.logica';
import { DescartarRetalModal } from './descartar-retal-modal';
import { FiltrosRetalesBarra, useFiltrosRetales } from './filtros-retales';
import { HistorialRetalModal } from './historial-retal-modal';
import { InsigniaEstadoRetal } from './insignia-estado-retal';
import classes from './inventario-retales.module.css';
import { RetalCrearModal } from './retal-crear-modal';
import { RetalEditarModal } from './retal-editar-modal';

const COLUMNAS: Columna<RetalJson, OrdenRetal>[] = [
  {
    titulo: 'Código',
    orden: 'codigo',
    ancho: 84,
    celda: (retal) => (
      <Text ff="monospace" fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {retal.codigo}
      </Text>
    ),
  },
  {
    titulo: 'Material',
    orden: 'nombre_producto',
    ancho: 170,
    ajustar: true,
    celda: (retal) => (
      <>
        <Text ff="monospace" fz="xs" c="dimmed">
          {retal.referencia}
        </Text>
        <Text size="sm" lh={1.25}>
          {retal.nombre_producto}
        </Text>
      </>
    ),
  },
  { titulo: 'Base', orden: 'base', ancho: 64, alineacion: 'right', celda: (retal) => formatearNumero(retal.base, 0) },
  { titulo: 'Altura', orden: 'altura', ancho: 70, alineacion: 'right', celda: (retal) => formatearNumero(retal.altura, 0) },
  { titulo: 'm²', orden: 'area_m2', ancho: 56, alineacion: 'right', celda: (retal) => textoArea(retal.area_m2) },
  { titulo: 'Valor', orden: 'valor', ancho: 96, alineacion: 'right', celda: (retal) => formatearMoneda(retal.valor) },
  { titulo: 'Antigüedad', orden: 'creado_en', ancho: 96, celda: (retal) => textoAntiguedad(retal.dias) },
  { titulo: 'Ubicación', ancho: 80, ajustar: true, celda: (retal) => retal.ubicacion ?? '' },
  { titulo: 'Estado', ancho: 96, celda: (retal) => <InsigniaEstadoRetal estado={retal.estado} /> },
  { titulo: 'Origen', ancho: 90, ajustar: true, celda: (retal) => textoOrigen(retal) },
];

type Dialogo = { tipo: 'crear' } | { tipo: 'editar' | 'descartar' | 'historial'; retal: RetalJson } | null;

/**
 * Inventario de retales (docs/decisions-retales.md): the store's offcuts, paged and sorted by the server, filtered by
 * code or material (accent-free), material, the piece that must fit and state (Disponible first), all kept in the
 * address; the totals of every row the filters match; labels for the rows checked or one row; a hand-added offcut;
 * re-measure and discard for an offcut on the rack; every offcut's history.
 */
export function InventarioRetales() {
  const lista = useEstadoLista<OrdenRetal>();
  const filtros = useFiltrosRetales();
  const consulta: RetalesConsulta = { ...lista.parametros, ...consultaDeFiltros(filtros.filtros) };
  const pagina = useRetales(consulta);
  const resumen = useResumenRetales(consulta).data;
  const [seleccion, setSeleccion] = useState<ReadonlySet<number>>(new Set());
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  // The history keeps its code while it closes (the title does not go blank under the closing animation).
  const [codigoHistorial, setCodigoHistorial] = useState('');
  const etiquetas = useEnlaceEtiquetas();

  const idsPagina = useMemo(() => (pagina.data?.data ?? []).map((retal) => retal.id), [pagina.data]);
  const marca = marcaPagina(seleccion, idsPagina);
  const columnas = useMemo<Columna<RetalJson, OrdenRetal>[]>(
    () => [
      {
        titulo: (
          <Checkbox
            size="xs"
            aria-label="Seleccionar los retales de la página"
            checked={marca === 'todas'}
            indeterminate={marca === 'algunas'}
            disabled={idsPagina.length === 0}
            onChange={() => setSeleccion((actual) => alternarPagina(actual, idsPagina))}
          />
        ),
        ancho: 34,
        alineacion: 'center',
        celda: (retal) => (
          <Checkbox size="xs" aria-label={`Seleccionar ${retal.codigo}`} checked={seleccion.has(retal.id)} onChange={() => setSeleccion((actual) => alternarSeleccion(actual, retal.id))} />
        ),
      },
      ...COLUMNAS,
    ],
    [marca, idsPagina, seleccion],
  );

  const imprimir = async (ids: number[]) => {
    const url = await etiquetas.mutateAsync(ids).catch(() => null);
    if (url) await abrirDocumento(url, { texto: 'Abrir etiquetas', mensajeError: 'No se pudieron abrir las etiquetas' });
  };

  const abrir = (tipo: 'editar' | 'descartar' | 'historial', retal: RetalJson) => {
    if (tipo === 'historial') setCodigoHistorial(retal.codigo);
    setDialogo({ tipo, retal });
  };
  const retalDe = (tipo: 'editar' | 'descartar' | 'historial') => (dialogo && dialogo.tipo === tipo ? dialogo.retal : null);
  const editado = retalDe('editar');
  const cerrar = () => setDialogo(null);

  return (
    <Paper withBorder p="sm" radius="sm" className={classes.densa}>
      <Stack gap="sm">
        <TablaPaginada
          etiqueta="Inventario de retales"
          lista={lista}
          consulta={pagina}
          columnas={columnas}
          buscador={{ placeholder: 'Código, material o ubicación' }}
          filtros={
            <>
              <FiltrosRetalesBarra {...filtros} />
              <Group gap="xs" ml="auto">
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={16} />}
                  disabled={seleccion.size === 0}
                  loading={etiquetas.isPending}
                  onClick={() => void imprimir([...seleccion])}
                >
                  {seleccion.size > 0 ? `Imprimir etiquetas (${seleccion.size})` : 'Imprimir etiquetas'}
                </Button>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setDialogo({ tipo: 'crear' })}>
                  Agregar retal
                </Button>
              </Group>
            </>
          }
          anchoMinimo={1060}
          textoVacio="No se encontraron retales con estos filtros"
          atributosFila={(retal) => ({ 'data-estado': retal.estado, 'data-seleccionado': seleccion.has(retal.id) || undefined })}
          acciones={{
            ancho: 132,
            celda: (retal) => (
              <>
                {esModificable(retal) ? (
                  <>
                    <AccionFila etiqueta="Editar" de={retal.codigo} onClick={() => abrir('editar', retal)}>
                      <IconPencil size={16} />
                    </AccionFila>
                    <AccionFila etiqueta="Descartar" de={retal.codigo} color="red" onClick={() => abrir('descartar', retal)}>
                      <IconTrash size={16} />
                    </AccionFila>
                  </>
                ) : null}
                <AccionFila etiqueta="Historial" de={retal.codigo} color="gray" onClick={() => abrir('historial', retal)}>
                  <IconHistory size={16} />
                </AccionFila>
                <AccionFila etiqueta="Etiqueta" de={retal.codigo} color="gray" onClick={() => void imprimir([retal.id])}>
                  <IconTag size={16} />
                </AccionFila>
              </>
            ),
          }}
        />
        <Totales resumen={resumen} seleccionados={seleccion.size} onLimpiar={() => setSeleccion(new Set())} />
      </Stack>
      <RetalCrearModal opened={dialogo?.tipo === 'crear'} onClose={cerrar} ladoMinimo={resumen?.lado_minimo} />
      <RetalEditarModal opened={editado !== null} onClose={cerrar} edicion={editado ? { retal: editado, ladoMinimo: resumen?.lado_minimo } : null} />
      <DescartarRetalModal opened={retalDe('descartar') !== null} onClose={cerrar} retal={retalDe('descartar')} />
      <HistorialRetalModal retalId={retalDe('historial')?.id ?? null} codigo={codigoHistorial} onClose={cerrar} />
    </Paper>
  );
}

/** The totals of every row the filters match (not only the page), and the rows checked for labels. */
function Totales({ resumen, seleccionados, onLimpiar }: { resumen: ReturnType<typeof useResumenRetales>['data']; seleccionados: number; onLimpiar: () => void }) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" aria-live="polite" data-testid="totales-retales">
        {resumen
          ? `Total: ${formatearNumero(resumen.totales.cantidad, 0)} ${resumen.totales.cantidad === 1 ? 'retal' : 'retales'} · ${textoArea(resumen.totales.area_m2)} m² · ${formatearMoneda(resumen.totales.valor)}`
          : ' '}
      </Text>
      {seleccionados > 0 ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">{`${seleccionados} ${seleccionados === 1 ? 'retal seleccionado' : 'retales seleccionados'}`}</Text>
          <Button size="compact-sm" variant="subtle" onClick={onLimpiar}>
            Quitar selección
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}
