import { useState } from 'react';
import { Alert, Card, Group, Loader, Table, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarMonth } from '@tabler/icons-react';
import { hoyNegocio, TIPOS_RETENCION, type PeriodoRetenciones } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { descargarExportacion } from '@/lib/descargar';
import { formatearMonedaLista } from '@/lib/formato';
import { useReporteRetenciones } from './api/retenciones';
import { nombreTipo } from './retenciones.logica';

const TITULO = 'Retenciones que nos practicaron';
const mesTexto = ({ year, month }: PeriodoRetenciones) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * #/reportes/retenciones (docs/decisions-retenciones.md), SuperAdministrador: the withholdings customers practised on
 * the selected store's sales in a month, per customer and type, with totals and the .xlsx the accountant asks for
 * when requesting the customers' certificates.
 */
export function RetencionesPage() {
  const hoy = hoyNegocio();
  const [periodo, setPeriodo] = useState<PeriodoRetenciones>({ year: Number(hoy.slice(0, 4)), month: Number(hoy.slice(5, 7)) });
  const reporte = useReporteRetenciones(periodo);
  const [exportando, setExportando] = useState(false);
  const exportar = async () => {
    setExportando(true);
    try {
      await descargarExportacion({ ruta: `retenciones/reporte/xlsx?year=${periodo.year}&month=${periodo.month}`, nombre: `retenciones-${mesTexto(periodo)}.xlsx` });
    } finally {
      setExportando(false);
    }
  };
  const filas = reporte.data?.filas ?? [];

  return (
    <>
      <EncabezadoPagina
        titulo={TITULO}
        descripcion="Lo que los clientes agentes de retención nos retuvieron en el mes, por cliente y tipo, en la tienda seleccionada."
        acciones={
          <BotonExportar onClick={() => void exportar()} loading={exportando} disabled={filas.length === 0}>
            Exportar a Excel
          </BotonExportar>
        }
      />
      <Group mb="sm">
        <DatesProvider settings={{ locale: 'es' }}>
          <MonthPickerInput
            label="Periodo"
            w={200}
            valueFormat="MMMM YYYY"
            leftSection={<IconCalendarMonth size={16} />}
            value={`${mesTexto(periodo)}-01`}
            maxDate={`${hoy.slice(0, 7)}-01`}
            minDate="2000-01-01"
            onChange={(fecha) => {
              if (fecha) setPeriodo({ year: Number(fecha.slice(0, 4)), month: Number(fecha.slice(5, 7)) });
            }}
            popoverProps={{ withinPortal: true }}
          />
        </DatesProvider>
      </Group>
      {reporte.isPending ? (
        <Loader size="sm" aria-label="Cargando retenciones" />
      ) : reporte.isError ? (
        <Alert color="red">No se pudo cargar el reporte de retenciones</Alert>
      ) : (
        <Card withBorder p={0}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={TITULO}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th ta="right">Ventas</Table.Th>
                <Table.Th ta="right">Base</Table.Th>
                <Table.Th ta="right">Valor retenido</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No hay retenciones registradas en el mes
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                filas.map((f) => (
                  <Table.Tr key={`${f.tercero_id}-${f.tipo}`}>
                    <Table.Td>{f.cliente}</Table.Td>
                    <Table.Td>{f.numero_documento}</Table.Td>
                    <Table.Td>{nombreTipo(f.tipo)}</Table.Td>
                    <Table.Td ta="right">{f.documentos}</Table.Td>
                    <Table.Td ta="right">{formatearMonedaLista(f.base)}</Table.Td>
                    <Table.Td ta="right">{formatearMonedaLista(f.valor)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            <Table.Tfoot>
              {TIPOS_RETENCION.map((tipo) => (
                <Table.Tr key={tipo}>
                  <Table.Th colSpan={5}>Total {nombreTipo(tipo)}</Table.Th>
                  <Table.Th ta="right">{formatearMonedaLista(reporte.data.totales[tipo])}</Table.Th>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th colSpan={5}>Total retenciones</Table.Th>
                <Table.Th ta="right" data-testid="total-retenciones-mes">
                  {formatearMonedaLista(reporte.data.totales.total)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Card>
      )}
    </>
  );
}
