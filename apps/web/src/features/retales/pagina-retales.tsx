import { useSearchParams } from 'react-router';
import { Stack, Tabs } from '@mantine/core';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { AhorroRetales } from './components/ahorro-retales';
import { InventarioRetales } from './components/inventario-retales';
import { escribirVista, leerVista, type VistaRetales } from './retales.logica';

/**
 * #/inventario/retales (docs/decisions-retales.md; Bodega and SuperAdministrador): the store's offcuts as stock, and
 * what they saved. The tab is in the address (?vista=ahorro), so a reload or Back returns to it.
 */
export function RetalesPage() {
  const [parametros, setParametros] = useSearchParams();
  const vista = leerVista(parametros);
  return (
    <Stack gap={0}>
      <EncabezadoPagina titulo="Retales" descripcion="Los sobrantes reutilizables de la tienda, con su código, medidas y valor, y lo que han ahorrado." />
      <Tabs value={vista} onChange={(valor) => setParametros((actuales) => escribirVista(actuales, (valor ?? 'inventario') as VistaRetales))} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="inventario">Inventario de retales</Tabs.Tab>
          <Tabs.Tab value="ahorro">Ahorro por retales</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inventario">
          <InventarioRetales />
        </Tabs.Panel>
        <Tabs.Panel value="ahorro">
          <AhorroRetales />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
