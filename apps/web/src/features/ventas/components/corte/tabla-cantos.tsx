import { memo, useMemo, useState, type Dispatch } from 'react';
import { ActionIcon, Badge, Button, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { MAXIMO_CANTOS, type Producto } from '@tablero/domain';
import { useProductos } from '@/features/productos';
import { notificarAviso } from '@/lib/notificaciones';
import { motivoSinCanto, type Accion, type Tapacanto } from './corte.logica';

/** spec 001 §9: the edge-banding search uses product group 2. */
const GRUPO_CANTOS = 2;

const etiqueta = (producto: Pick<Producto, 'referencia' | 'nombre_producto'>) => `${producto.referencia} - ${producto.nombre_producto}`;

/**
 * The edge table (spec 000 §2.13), one line above the cuts: search an edge product (group 2, 300 ms pause), Agregar puts it in the table, at most 6
 * (the button is disabled then), a repeated reference warns. Each edge's position (1–6) is what the CSV writes.
 */
export const TablaCantos = memo(function TablaCantos({ tapacantos, dispatch }: { tapacantos: Tapacanto[]; dispatch: Dispatch<Accion> }) {
  const [busqueda, setBusqueda] = useState('');
  const [buscar] = useDebouncedValue(busqueda, 300);
  const [elegido, setElegido] = useState<Producto | null>(null);
  const consulta = useProductos({ page: 1, grupo_id: GRUPO_CANTOS, query: buscar });
  const lleno = tapacantos.length >= MAXIMO_CANTOS;

  const productos = useMemo(() => {
    const lista = consulta.data?.data ?? [];
    return elegido && !lista.some((p) => p.id === elegido.id) ? [elegido, ...lista] : lista;
  }, [consulta.data, elegido]);
  const opciones = useMemo(() => productos.map((p) => ({ value: String(p.id), label: etiqueta(p) })), [productos]);

  const agregar = () => {
    if (!elegido || lleno) return;
    const canto: Tapacanto = { id: elegido.id, codigo: elegido.referencia, nombre_producto: elegido.nombre_producto };
    const motivo = motivoSinCanto(tapacantos, canto);
    if (motivo) return notificarAviso(motivo);
    dispatch({ tipo: 'agregarCanto', canto });
    setElegido(null);
    setBusqueda('');
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="Canto"
        placeholder={lleno ? 'Máximo 6 cantos' : 'Buscar canto'}
        size="xs"
        searchable
        clearable
        disabled={lleno}
        data={opciones}
        filter={({ options }) => options}
        searchValue={busqueda}
        onSearchChange={setBusqueda}
        value={elegido ? String(elegido.id) : null}
        onChange={(valor) => setElegido(productos.find((p) => String(p.id) === valor) ?? null)}
        nothingFoundMessage={consulta.isFetching ? 'Buscando…' : 'No se encontraron datos'}
        w={300}
        comboboxProps={{ zIndex: 400 }}
      />
      <Button size="xs" leftSection={<IconPlus size={14} />} onClick={agregar} disabled={lleno || !elegido} aria-label="Agregar canto">
        Agregar
      </Button>
      {/* The edge table: each edge with its position (what the pieces' edge columns and the CSV name). */}
      <Group gap={6} component="ul" aria-label="Cantos" style={{ listStyle: 'none', margin: 0, padding: 0, flex: 1, minWidth: 0 }}>
        {tapacantos.length === 0 ? (
          <Text component="li" size="xs" c="dimmed">
            Sin cantos: agregue hasta {MAXIMO_CANTOS}
          </Text>
        ) : (
          tapacantos.map((canto, indice) => (
            <Badge
              key={canto.id}
              component="li"
              variant="light"
              color="gray"
              size="lg"
              tt="none"
              title={canto.nombre_producto}
              leftSection={<Text span fw={700} size="xs">{indice + 1}</Text>}
              rightSection={
                <ActionIcon size="xs" variant="subtle" color="red" aria-label={`Quitar canto ${canto.codigo}`} onClick={() => dispatch({ tipo: 'quitarCanto', id: canto.id })}>
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              <Text span size="xs" ff="monospace">
                {canto.codigo}
              </Text>
            </Badge>
          ))
        )}
      </Group>
    </Group>
  );
});
