import type { ReactNode } from 'react';
import { Alert, Box, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DIAS_MAXIMOS_DASHBOARD, hoyNegocio } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { EntradasRangoFechas } from '@/components/entradas-rango-fechas';
import { TarjetaCifra } from '@/components/tarjeta-cifra';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { useRangoEnDireccion } from '@/lib/rango-en-direccion';
import { useDashboard } from './api/dashboard';
import { GraficoProductos, GraficoVentasAnio } from './components/graficos';
import { TablaProductos } from './components/tabla-productos';
import { cambiarFinal, cambiarInicial, lineasPorUnidad, PRODUCTOS_EN_GRAFICO, productosMasVendidos, rangoInicial, ventasPorMes } from './dashboard.logica';

/** The dashboard's range (spec 002 §5): valid dates, the start not after the end, the end not after today, at most DIAS_MAXIMOS_DASHBOARD days. */
function useRango(hoy: string) {
  return useRangoEnDireccion(rangoInicial(hoy), hoy, DIAS_MAXIMOS_DASHBOARD);
}

function Seccion({ titulo, extra, children }: { titulo: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group justify="space-between" gap="xs" mb={6}>
        <Title order={3} fz="md" fw={600}>
          {titulo}
        </Title>
        {extra}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * #/dashboard (spec 002 §2.4, §5; docs/decisions-reportes-dinero.md, "Dashboard: la venta en su día, la anulación en el
 * suyo"), any logged-in user (menu: SuperAdministrador): the sales of every store between two dates (1 January to today
 * unless chosen), each on its billing day and its annulment subtracted on the day it happened: total sales (billed minus
 * annulled), orders billed and products sold (net); the end date's year month by month up to the end date; the
 * best-selling products as bars and every product in the side table, filtered by reference and exported as 'Export
 * productos'.
 */
export function DashboardPage() {
  const hoy = hoyNegocio();
  const [rango, setRango] = useRango(hoy);
  const consulta = useDashboard(rango);
  const datos = consulta.data;
  const cargando = consulta.isPending;
  const sinVentas = datos !== undefined && datos.ventas_rango_fecha.total_pedidos === 0;
  const anio = rango.fecha_final.slice(0, 4);
  const productos = datos?.productos_vendidos_rango_fecha ?? [];
  const totales = datos?.ventas_rango_fecha;
  const anuladas = datos && datos.anuladas.cantidad > 0 ? datos.anuladas : null;

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Dashboard"
        descripcion="Ventas de todas las tiendas: cada venta cuenta el día en que se facturó y su anulación resta el día en que se anula."
        acciones={
          <>
            {consulta.isFetching && !cargando ? <Loader size="xs" aria-label="Actualizando" /> : null}
            <EntradasRangoFechas
              rango={rango}
              hoy={hoy}
              diasMaximos={DIAS_MAXIMOS_DASHBOARD}
              ancho={150}
              onCambiar={(nuevo, cambiada) => setRango(cambiada === 'inicial' ? cambiarInicial(rango, nuevo.fecha_inicial, hoy) : cambiarFinal(rango, nuevo.fecha_final))}
            />
          </>
        }
      />

      <SimpleGrid cols={3} spacing="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
        <TarjetaCifra
          titulo="Total ventas"
          testId="total-ventas"
          cargando={cargando}
          valor={totales ? formatearMoneda(totales.total_venta_bruta) : ''}
          detalle={totales ? `Facturado menos anulado · antes de impuestos: ${formatearMoneda(totales.total_venta_neta)}` : 'Facturado menos anulado, impuestos incluidos'}
        />
        <TarjetaCifra
          titulo="Total pedidos"
          testId="total-pedidos"
          cargando={cargando}
          valor={totales ? formatearCantidad(totales.total_pedidos) : ''}
          detalle="Facturados en el rango, aunque se anulen después"
        />
        <TarjetaCifra
          titulo="Productos vendidos"
          testId="total-productos"
          cargando={cargando}
          valor={totales ? lineasPorUnidad(totales.total_productos_por_unidad) : ''}
          detalle={`Netos de anulaciones · ${formatearCantidad(productos.length)} referencias`}
        />
      </SimpleGrid>

      {sinVentas || anuladas ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} py={6} data-testid="aviso-dashboard">
          {[
            sinVentas ? 'No hay ventas facturadas entre las fechas elegidas.' : null,
            anuladas
              ? `${anuladas.cantidad === 1 ? '1 venta anulada' : `${formatearCantidad(anuladas.cantidad)} ventas anuladas`} en el rango por ${formatearMoneda(anuladas.total)}: se restan del total de ventas y de los productos vendidos.`
              : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      ) : null}

      <Group align="stretch" gap="sm" wrap="nowrap" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
        <Box flex={1} miw={0}>
          <Stack gap="sm">
            <Seccion titulo={`Ventas por mes ${anio}`}>
              {cargando ? <Skeleton h={210} /> : <GraficoVentasAnio meses={ventasPorMes(datos?.ventas_anio ?? [], Number(anio), rango.fecha_final)} />}
            </Seccion>
            <Seccion
              titulo="Cantidad vendida por producto"
              extra={
                productos.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {productos.length > PRODUCTOS_EN_GRAFICO ? `Los ${PRODUCTOS_EN_GRAFICO} más vendidos de ${productos.length}` : `${productos.length} productos`}
                  </Text>
                ) : null
              }
            >
              {cargando ? (
                <Skeleton h={200} />
              ) : productos.length === 0 ? (
                <Text size="sm" c="dimmed" ta="center" py="xl">
                  Sin productos vendidos en el rango
                </Text>
              ) : (
                <GraficoProductos productos={productosMasVendidos(productos)} />
              )}
            </Seccion>
          </Stack>
        </Box>
        <Box w={340} style={{ flexShrink: 0 }}>
          <TablaProductos productos={productos} rango={rango} cargando={cargando} alto={470} />
        </Box>
      </Group>
    </Stack>
  );
}
