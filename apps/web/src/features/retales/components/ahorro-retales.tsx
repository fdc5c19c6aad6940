import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarMonth } from '@tabler/icons-react';
import { hoyNegocio } from '@tablero/domain';
import { Encabezados, FilaCompleta, FilaVacia } from '@/components/tabla-detalle';
import { formatearMoneda, formatearNumero } from '@/lib/formato';
import { useAhorroRetales } from '../api/get-ahorro';
import { cambiarRangoMeses, completarMeses, escribirRangoMeses, leerRangoMeses, MESES_MAXIMOS, nombreMesCorto, textoArea, type AhorroMes, type Mes } from '../retales.logica';

const COLUMNAS = [
  { titulo: 'Mes', ancho: 180 },
  { titulo: 'Planes', alineacion: 'right' as const },
  { titulo: 'Retales usados', alineacion: 'right' as const },
  { titulo: 'm²', alineacion: 'right' as const },
  { titulo: 'Tableros ahorrados', alineacion: 'right' as const },
  { titulo: 'Valor', alineacion: 'right' as const },
];

/** How many years back the pickers reach. */
const ANIOS_ATRAS = 10;

/**
 * Ahorro por retales (docs/decisions-retales.md): month by month, the plans cut with kept offcuts, how many offcuts and
 * m² they used, the new boards they did not need and those boards' value; a total row. The range (the last six
 * months by default, at most 24) is kept in the address.
 */
export function AhorroRetales() {
  const [parametros, setParametros] = useSearchParams();
  // Today in the business's zone, once per screen: the default range does not move at midnight under the user.
  const hoy = useMemo(() => hoyNegocio(), []);
  const rango = leerRangoMeses(parametros, hoy);
  const consulta = useAhorroRetales(rango);
  const filas = consulta.data ? completarMeses(rango, consulta.data.meses) : [];
  const total = consulta.data?.total;
  const mesActual = hoy.slice(0, 7);
  const minimo = `${Number(hoy.slice(0, 4)) - ANIOS_ATRAS}-01-01`;

  const cambiar = (cambio: { desde?: Mes; hasta?: Mes }) =>
    setParametros((actuales) => escribirRangoMeses(actuales, cambiarRangoMeses(leerRangoMeses(actuales, hoy), cambio, hoy), hoy), { replace: true });

  return (
    <Paper withBorder p="sm" radius="sm" maw={980}>
      <Stack gap="sm">
        <DatesProvider settings={{ locale: 'es' }}>
          <Group gap="sm" align="flex-end">
            <EntradaMes etiqueta="Desde" mes={rango.desde} onCambiar={(desde) => cambiar({ desde })} minimo={minimo} maximo={mesActual} />
            <EntradaMes etiqueta="Hasta" mes={rango.hasta} onCambiar={(hasta) => cambiar({ hasta })} minimo={minimo} maximo={mesActual} />
            <Text size="xs" c="dimmed" pb={8}>
              {`Hasta ${MESES_MAXIMOS} meses. Si el rango queda invertido o más largo, el otro mes se ajusta.`}
            </Text>
          </Group>
        </DatesProvider>
        <Table aria-label="Ahorro por retales" striped withTableBorder withColumnBorders verticalSpacing={4} fz="sm" aria-busy={consulta.isFetching} style={{ opacity: consulta.isPlaceholderData ? 0.6 : 1 }}>
          <Encabezados columnas={COLUMNAS} />
          <Table.Tbody>
            {consulta.isPending ? (
              <FilaCompleta columnas={COLUMNAS.length}>
                <Text size="sm" c="dimmed" ta="center">
                  Cargando…
                </Text>
              </FilaCompleta>
            ) : consulta.isError && !consulta.data ? (
              <FilaVacia columnas={COLUMNAS.length}>No se pudo cargar el ahorro por retales</FilaVacia>
            ) : (
              filas.map((fila) => (
                <FilaAhorro key={fila.mes} titulo={nombreMesCorto(fila.mes)} cifras={fila} />
              ))
            )}
          </Table.Tbody>
          {total ? (
            <Table.Tfoot>
              <FilaAhorro titulo="Total" cifras={total} negrita />
            </Table.Tfoot>
          ) : null}
        </Table>
        <Text size="xs" c="dimmed">
          Cuenta los planes de corte que usaron retales guardados, en el mes en que se cortaron. Tableros ahorrados: los tableros nuevos que ese mismo corte habría necesitado sin los retales, menos los que usó; su valor, al precio del material.
        </Text>
      </Stack>
    </Paper>
  );
}

/** A month's figures, or the total's. */
function FilaAhorro({ titulo, cifras, negrita = false }: { titulo: string; cifras: Omit<AhorroMes, 'mes'>; negrita?: boolean }) {
  return (
    <Table.Tr fw={negrita ? 700 : undefined}>
      <Table.Td>{titulo}</Table.Td>
      <Table.Td ta="right">{formatearNumero(cifras.planes, 0)}</Table.Td>
      <Table.Td ta="right">{formatearNumero(cifras.retales_usados, 0)}</Table.Td>
      <Table.Td ta="right">{textoArea(cifras.area_m2)}</Table.Td>
      <Table.Td ta="right">{formatearNumero(cifras.tableros_ahorrados, 0)}</Table.Td>
      <Table.Td ta="right">{formatearMoneda(cifras.valor)}</Table.Td>
    </Table.Tr>
  );
}

/** One end of the range: a month picker, 'enero 2026', from ten years back up to this month. */
function EntradaMes({ etiqueta, mes, onCambiar, minimo, maximo }: { etiqueta: string; mes: Mes; onCambiar: (mes: Mes) => void; minimo: string; maximo: Mes }) {
  return (
    <MonthPickerInput
      label={etiqueta}
      valueFormat="MMMM YYYY"
      value={`${mes}-01`}
      onChange={(fecha) => {
        if (fecha) onCambiar(fecha.slice(0, 7));
      }}
      minDate={minimo}
      maxDate={`${maximo}-01`}
      allowDeselect={false}
      leftSection={<IconCalendarMonth size={16} />}
      popoverProps={{ withinPortal: true }}
      w={190}
    />
  );
}
