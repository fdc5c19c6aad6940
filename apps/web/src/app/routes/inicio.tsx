import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconBuildingStore, IconBuildingWarehouse, IconRuler2, IconShoppingCart, IconUsers, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { puedeAcceder, RUTAS, type NombreRuta, type Ruta } from '@tablero/domain';
import { RetalModal } from '@/features/ventas';
import { etiquetaTienda, useSesion, useTienda } from '@/lib/sesion';
import { estaImplementada } from '../pantallas';

interface AccesoInicio {
  etiqueta: string;
  ruta: NombreRuta;
  icono: Icon;
}

/**
 * The home buttons of spec 000 §2.5 that open a screen. Each shows only when its screen exists (PANTALLAS) and the
 * role may open it, so they appear by themselves as their features land. 'Retales', last, opens a dialog instead.
 */
const ACCESOS_INICIO: AccesoInicio[] = [
  { etiqueta: 'Vender', ruta: 'facturacionCrear', icono: IconShoppingCart },
  { etiqueta: 'Productos', ruta: 'productos', icono: IconBox },
  // docs/decisions-productos.md: Bodega and SuperAdministrador also reach Inventario from home.
  { etiqueta: 'Inventario', ruta: 'inventario', icono: IconBuildingWarehouse },
  { etiqueta: 'Clientes', ruta: 'terceros', icono: IconUsers },
];

/** #/ (spec 000 §2.5). */
export function InicioPage() {
  const sesion = useSesion();
  const tienda = useTienda();
  const [retalesAbierto, setRetalesAbierto] = useState(false);
  if (!sesion) return null;

  const accesos = ACCESOS_INICIO.filter(({ ruta }) => {
    const definicion: Ruta = RUTAS[ruta];
    return estaImplementada(ruta) && puedeAcceder(sesion.role, definicion.acceso);
  });
  // Retales (spec 000 §2.11) prices an offcut and opens a sale with it: only for the roles that may sell.
  const conRetales = puedeAcceder(sesion.role, RUTAS.facturacionCrear.acceso);

  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder p="md" radius="sm">
        <Title order={2} fz="h3">
          {`Bienvenido(a), ${sesion.name}`}
        </Title>
        <Group gap={6} mt={4}>
          <IconBuildingStore size={16} stroke={1.6} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" c="dimmed">
            {tienda ? `Tienda: ${etiquetaTienda(tienda)}` : 'Sin tienda seleccionada'}
          </Text>
        </Group>
      </Paper>
      {accesos.length > 0 || conRetales ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {accesos.map(({ etiqueta, ruta, icono: Icono }) => (
            <Button key={ruta} component={Link} to={RUTAS[ruta].path} variant="default" h={88} leftSection={<Icono size={26} stroke={1.5} />}>
              {etiqueta}
            </Button>
          ))}
          {conRetales ? (
            <Button variant="default" h={88} leftSection={<IconRuler2 size={26} stroke={1.5} />} onClick={() => setRetalesAbierto(true)}>
              Retales
            </Button>
          ) : null}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          Seleccione una opción del menú lateral para comenzar.
        </Text>
      )}
      {conRetales ? <RetalModal opened={retalesAbierto} onClose={() => setRetalesAbierto(false)} /> : null}
    </Stack>
  );
}
