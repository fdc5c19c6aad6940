import { useMemo } from 'react';
import { Alert, Box, Loader, Paper, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AGRUPACIONES_INFORME_VENTAS, DIAS_MAXIMOS_DASHBOARD, ETIQUETAS_AGRUPACION, hoyNegocio, type AgrupacionInformeVentas } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { EntradasRangoFechas } from '@/components/entradas-rango-fechas';
import { TarjetaCifra } from '@/components/tarjeta-cifra';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { useRangoEnDireccion } from '@/lib/rango-en-direccion';
import { exportarInformeVentas, useInformeVentas } from './api/informe-ventas';
import { Comisiones } from './components/comisiones';
import { GraficoInforme } from './components/grafico-informe';
import { TablaInforme } from './components/tabla-informe';
import { agrupacionDeDireccion, barrasInforme, BARRAS_EN_GRAFICO, notaSinCosto, rangoInicial, textoMargen } from './informe-ventas.logica';

const PESTANA_COMISIONES = 'comisiones';

/** The report of one grouping: its cards, the chart of its top groups and every group in the table. */
function Agrupacion({ agrupar, rango, tienda }: { agrupar: AgrupacionInformeVentas; rango: { fecha_inicial: string; fecha_final: string }; tienda: string | null }) {
  const filtro = { ...rango, codigo_tienda: tienda, agrupar_por: agrupar };
  const consulta = useInformeVentas(filtro);
  const datos = consulta.data;
  const cargando = consulta.isPending;
  const totales = datos?.totales;
  const etiqueta = ETIQUETAS_AGRUPACION[agrupar].toLowerCase();
  const barras = datos && datos.agrupar_por === agrupar ? barrasInforme(datos.filas) : [];

  if (consulta.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} py={6}>
        {consulta.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
      <SimpleGrid cols={{ base: 2, md: agrupar === 'vendedor' ? 5 : 4 }} spacing="sm">
        <TarjetaCifra
          tamano={22}
          titulo="Neto antes de impuestos"
          testId="total-neto"
          cargando={cargando}
          valor={totales ? formatearMoneda(totales.subtotal) : ''}
          detalle={totales ? `Facturado ${formatearMoneda(totales.subtotal_facturado)} menos anulado y devuelto ${formatearMoneda(totales.subtotal_devuelto)}` : null}
        />
        <TarjetaCifra tamano={22} titulo="Total con impuestos" testId="total-total" cargando={cargando} valor={totales ? formatearMoneda(totales.total) : ''} detalle={totales ? `Impuestos ${formatearMoneda(totales.impuestos)}` : null} />
        <TarjetaCifra tamano={22} titulo="Ventas" testId="total-ventas" cargando={cargando} valor={totales ? formatearCantidad(totales.ventas) : ''} detalle="Facturadas en el rango, aunque se anulen después" />
        <TarjetaCifra tamano={22} titulo="Margen" testId="total-margen" cargando={cargando} valor={totales ? textoMargen(totales) : ''} detalle={totales ? (notaSinCosto(totales) ?? 'Sobre el costo promedio de cada tienda') : null} />
        {agrupar === 'vendedor' ? (
          <TarjetaCifra tamano={22} titulo="Comisiones" testId="total-comisiones" cargando={cargando} valor={totales ? formatearMoneda(totales.comision ?? 0) : ''} detalle="Sobre el neto antes de impuestos" />
        ) : null}
      </SimpleGrid>
      <Paper withBorder p="sm" radius="sm">
        <Title order={3} fz="md" fw={600} mb={6}>
          {datos && datos.filas.length > BARRAS_EN_GRAFICO ? `Los ${BARRAS_EN_GRAFICO} de mayor venta neta de ${datos.filas.length}` : `Venta neta por ${etiqueta}`}
        </Title>
        {cargando ? (
          <Skeleton h={200} />
        ) : barras.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            No hay ventas en el rango elegido
          </Text>
        ) : (
          <GraficoInforme barras={barras} titulo={`Venta neta por ${etiqueta}`} />
        )}
      </Paper>
      {cargando || !datos || !totales ? <Skeleton h={160} /> : <TablaInforme agrupar={datos.agrupar_por} filas={datos.filas} totales={totales} />}
    </Stack>
  );
}

/**
 * #/informe-ventas (docs/decisions-informe-ventas.md), SuperAdministrador: money sold between two dates (this month
 * unless chosen), of every store or one, by seller, product, category or store; each sale on its billing day, its
 * annulment and its returns subtracted on their own days; margins where the cost is known; commissions per seller; the
 * grouping as .xlsx; the commission rates under 'Comisiones'. Range, store and tab live in the address (reload, Back).
 */
export function InformeVentasPage() {
  const hoy = useMemo(() => hoyNegocio(), []);
  const [rango, setRango] = useRangoEnDireccion(rangoInicial(hoy), hoy, DIAS_MAXIMOS_DASHBOARD);
  const [parametros, setParametros] = useSearchParams();
  const pestana = parametros.get('agrupar') === PESTANA_COMISIONES ? PESTANA_COMISIONES : agrupacionDeDireccion(parametros.get('agrupar'));
  const tienda = parametros.get('tienda') || null;
  const agrupar = pestana === PESTANA_COMISIONES ? 'vendedor' : pestana;
  // The store list comes with any answer of the report (the seller grouping's is the one most often cached).
  const tiendas = useInformeVentas({ ...rango, codigo_tienda: null, agrupar_por: agrupar }).data?.tiendas ?? [];
  const exportar = useMutation({ mutationFn: exportarInformeVentas });

  const cambiarParametro = (clave: string, valor: string | null) => {
    const siguientes = new URLSearchParams(parametros);
    if (valor) siguientes.set(clave, valor);
    else siguientes.delete(clave);
    setParametros(siguientes, { replace: true });
  };

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo="Informe de ventas"
        descripcion="Dinero vendido por vendedor, producto, categoría y tienda: cada venta cuenta el día en que se facturó; su anulación y sus devoluciones restan el día en que ocurren."
        acciones={
          <>
            {exportar.isPending ? <Loader size="xs" aria-label="Exportando" /> : null}
            <Select
              label="Tienda"
              w={190}
              data={[{ value: '', label: 'Todas las tiendas' }, ...tiendas.map((t) => ({ value: t.codigo_tienda, label: t.nombre_tienda }))]}
              value={tienda ?? ''}
              onChange={(valor) => cambiarParametro('tienda', valor || null)}
              allowDeselect={false}
            />
            <EntradasRangoFechas
              rango={rango}
              hoy={hoy}
              diasMaximos={DIAS_MAXIMOS_DASHBOARD}
              ancho={140}
              onCambiar={setRango}
            />
            <Box pt={22}>
              <BotonExportar
                loading={exportar.isPending}
                disabled={pestana === PESTANA_COMISIONES}
                onClick={() => exportar.mutate({ ...rango, codigo_tienda: tienda, agrupar_por: agrupar })}
              />
            </Box>
          </>
        }
      />
      <Tabs value={pestana} onChange={(valor) => cambiarParametro('agrupar', valor === 'vendedor' ? null : valor)} keepMounted={false}>
        <Tabs.List>
          {AGRUPACIONES_INFORME_VENTAS.map((a) => (
            <Tabs.Tab key={a} value={a}>
              Por {ETIQUETAS_AGRUPACION[a].toLowerCase()}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value={PESTANA_COMISIONES}>Comisiones</Tabs.Tab>
        </Tabs.List>
        {AGRUPACIONES_INFORME_VENTAS.map((a) => (
          <Tabs.Panel key={a} value={a} pt="sm">
            <Agrupacion agrupar={a} rango={rango} tienda={tienda} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value={PESTANA_COMISIONES} pt="sm">
          <Comisiones />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
