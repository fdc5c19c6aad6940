import { useEffect, useRef, useState } from 'react';
import { Button, CloseButton, Group, Input, Select, Text, Tooltip } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { NOMBRES_ESTADO_RETAL, type EstadoRetal } from '@tablero/domain';
import { EntradaEntero } from '@/components/entradas-numericas';
import { ProductoBusquedaModal, useProducto } from '@/features/productos';
import { ESPERA_BUSQUEDA_MS } from '@/lib/estado-lista';
import { useFiltrosEnDireccion } from '@/lib/filtros-en-direccion';
import { ESTADOS_FILTRO, escribirFiltros, FILTROS_INICIALES, leerFiltros, medidaMinima, type EstadoFiltroRetal, type FiltrosRetales } from '../retales.logica';

/**
 * The list's filters as the address holds them (retales.logica: ?material=&base=&altura=&estado=), beside the list's
 * own search and page (lib/filtros-en-direccion).
 */
export function useFiltrosRetales(): { filtros: FiltrosRetales; cambiar: (cambio: Partial<FiltrosRetales>) => void } {
  return useFiltrosEnDireccion(leerFiltros, escribirFiltros);
}

const OPCIONES_ESTADO = ESTADOS_FILTRO.map((estado) => ({ value: estado, label: estado === 'TODOS' ? 'Todos' : NOMBRES_ESTADO_RETAL[estado as EstadoRetal] }));

/** The filter bar beside the search box: material, the size of the piece that must fit, state, and Limpiar filtros. */
export function FiltrosRetalesBarra({ filtros, cambiar }: ReturnType<typeof useFiltrosRetales>) {
  const [buscando, setBuscando] = useState(false);
  const material = useProducto(filtros.producto_id);
  const hayFiltros = JSON.stringify(filtros) !== JSON.stringify(FILTROS_INICIALES);
  const nombreMaterial = filtros.producto_id === null ? null : material.data ? `${material.data.referencia} · ${material.data.nombre_producto}` : 'Cargando…';

  return (
    <>
      <Input.Wrapper label="Material" id="filtro-material">
        <Group gap={4} wrap="nowrap">
          <Button
            id="filtro-material"
            variant="default"
            leftSection={<IconSearch size={14} />}
            onClick={() => setBuscando(true)}
            w={230}
            styles={{ inner: { justifyContent: 'flex-start' }, label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
            // The name holds the text in sight (a screen reader and a voice command name it alike).
            aria-label={`Material: ${nombreMaterial ?? 'Todos los materiales'}`}
          >
            <Text component="span" size="sm" truncate c={nombreMaterial ? undefined : 'dimmed'}>
              {nombreMaterial ?? 'Todos los materiales'}
            </Text>
          </Button>
          {filtros.producto_id !== null ? <CloseButton size="sm" aria-label="Quitar el material" onClick={() => cambiar({ producto_id: null })} /> : null}
        </Group>
      </Input.Wrapper>
      <Tooltip label="Muestra los retales donde cabe una pieza de esa base y altura, en cualquier sentido" withArrow openDelay={300}>
        <Group gap={4} wrap="nowrap" align="flex-end">
          <FiltroMedida etiqueta="Base mínima (mm)" valor={filtros.base_minima} onCambiar={(base_minima) => cambiar({ base_minima })} />
          <FiltroMedida etiqueta="Altura mínima (mm)" valor={filtros.altura_minima} onCambiar={(altura_minima) => cambiar({ altura_minima })} />
        </Group>
      </Tooltip>
      <Select
        label="Estado"
        data={OPCIONES_ESTADO}
        value={filtros.estado}
        onChange={(valor) => cambiar({ estado: (valor ?? FILTROS_INICIALES.estado) as EstadoFiltroRetal })}
        allowDeselect={false}
        w={140}
      />
      {hayFiltros ? (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={14} />} onClick={() => cambiar(FILTROS_INICIALES)}>
          Limpiar filtros
        </Button>
      ) : null}
      <ProductoBusquedaModal
        opened={buscando}
        titulo="Filtrar por material"
        onClose={() => setBuscando(false)}
        onSeleccionar={(producto) => {
          setBuscando(false);
          cambiar({ producto_id: producto.id });
        }}
      />
    </>
  );
}

/**
 * A minimum size in mm, read by the one number reader: it applies after a pause in typing (as the search box does),
 * and a refused text ('2,5') stays on the field with its message without changing the list.
 */
function FiltroMedida({ etiqueta, valor, onCambiar }: { etiqueta: string; valor: number | null; onCambiar: (valor: number | null) => void }) {
  const [texto, setTexto] = useState<number | ''>(valor ?? '');
  // The address changed from outside (Back, Limpiar filtros): the field shows it.
  const [previo, setPrevio] = useState(valor);
  if (previo !== valor) {
    setPrevio(valor);
    if (medidaMinima(texto) !== valor) setTexto(valor ?? '');
  }
  const alCambiar = useRef(onCambiar);
  useEffect(() => {
    alCambiar.current = onCambiar;
  });
  useEffect(() => {
    const leido = medidaMinima(texto);
    if (leido === valor || (texto !== '' && leido === null)) return;
    const temporizador = window.setTimeout(() => alCambiar.current(leido), ESPERA_BUSQUEDA_MS);
    return () => window.clearTimeout(temporizador);
  }, [texto, valor]);
  return <EntradaEntero label={etiqueta} placeholder="Cualquiera" value={texto} onChange={setTexto} w={152} />;
}
