import { abrirDocumento } from '@/lib/descargar';
import { useState } from 'react';
import { Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconChartBar, IconFileInvoice, IconFileTypePdf, IconList, IconTrash } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { Credito, CreditosRespuesta, Tercero } from '@tablero/domain';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { FiltroCliente, idFiltroCliente } from '@/components/filtro-cliente';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useCreditos, type ConsultaCreditos } from './api/creditos';
import { CarteraEdades } from './components/cartera-edades';
import classes from './components/creditos.module.css';
import { EliminarCreditoDialog, type CreditoAEliminar } from './components/eliminar-credito-dialog';
import { MovimientosCreditoModal, type HistorialCredito } from './components/movimientos-credito-modal';
import { formatearMonedaLista } from '@/lib/formato';
import { BotonFila } from '@/components/accion-fila';

const TITULO = 'Créditos';
const VISTA_CARTERA = 'cartera';

const nombreDe = (credito: Pick<Credito, 'nombres' | 'apellidos'>) => `${credito.nombres} ${credito.apellidos}`.trim();
const soloPagina = (respuesta: CreditosRespuesta) => respuesta.creditos;
const soloTotal = (respuesta: CreditosRespuesta) => respuesta.total_credito_pendiente;

const COLUMNAS: Columna<Credito>[] = [
  { titulo: 'Documento', ancho: 120, celda: (c) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{c.numero_documento}</span> },
  { titulo: 'Cliente', ajustar: true, celda: nombreDe },
  { titulo: 'Ventas pendientes', ancho: 96, alineacion: 'right', celda: (c) => c.total_pendientes_abono },
  {
    titulo: 'Saldo actual',
    ancho: 130,
    alineacion: 'right',
    celda: (c) => (
      <Text span size="sm" fw={600} c={c.total_credito > 0 ? 'orange.8' : undefined}>
        {formatearMonedaLista(c.total_credito)}
      </Text>
    ),
  },
];

/**
 * #/creditos (spec 002 §2.1), SuperAdministrador: the total pending credit, the customer filter
 * (Todos), each customer's credit with its balance (highlighted while sales are pending), and per row Facturas (the
 * movement history of its sales), Eliminar crédito (when it owes something) and Estado de cuenta (the statement
 * PDF). A second tab shows the aging of the credit (Cartera por edades) with its .xlsx export.
 */
export function CreditosPage() {
  const [parametros, setParametros] = useSearchParams();
  const vista = parametros.get('vista') === VISTA_CARTERA ? VISTA_CARTERA : 'creditos';
  const lista = useEstadoLista();
  const [cliente, setCliente] = useState<Tercero | null>(null);
  const consultaApi: ConsultaCreditos = { page: lista.pagina, per_page: lista.tamano, cliente_id: idFiltroCliente(cliente) };
  const pagina = useCreditos(consultaApi, soloPagina);
  const total = useCreditos(consultaApi, soloTotal);

  const [historial, setHistorial] = useState<HistorialCredito | null>(null);
  const [eliminar, setEliminar] = useState<CreditoAEliminar | null>(null);

  const filtrar = (elegido: Tercero | null) => {
    setCliente(elegido);
    lista.irAPagina(1);
  };
  const cambiarVista = (nueva: string | null) => {
    const siguientes = new URLSearchParams(parametros);
    if (nueva === VISTA_CARTERA) siguientes.set('vista', VISTA_CARTERA);
    else siguientes.delete('vista');
    setParametros(siguientes, { replace: true });
  };

  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo={TITULO}
        descripcion="Saldo a crédito de cada cliente, sus facturas, abonos y estado de cuenta."
        acciones={
          <Paper withBorder px="md" py={6} radius="sm">
            <Text size="xs" c="dimmed">
              Total crédito pendiente
            </Text>
            <Text size="lg" fw={700} data-testid="total-credito-pendiente">
              {total.data === undefined ? '…' : formatearMonedaLista(total.data)}
            </Text>
          </Paper>
        }
      />
      <Group gap="sm" align="flex-end">
        <FiltroCliente cliente={cliente} onCambiar={filtrar} />
      </Group>
      <Tabs value={vista} onChange={cambiarVista} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="creditos" leftSection={<IconList size={16} />}>
            Créditos
          </Tabs.Tab>
          <Tabs.Tab value={VISTA_CARTERA} leftSection={<IconChartBar size={16} />}>
            Cartera por edades
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="creditos" pt="sm">
          <Paper withBorder p="sm" radius="sm">
            <TablaPaginada
              etiqueta={TITULO}
              lista={lista}
              consulta={pagina}
              columnas={COLUMNAS}
              claveFila={(c) => c.id}
              anchoMinimo={900}
              claseFila={(c) => (c.total_pendientes_abono > 0 ? classes.pendiente : undefined)}
              atributosFila={(c) => ({ 'data-pendiente': c.total_pendientes_abono > 0 || undefined })}
              acciones={{
                ancho: 350,
                celda: (c) => (
                  <>
                    <BotonFila
                      icono={IconFileInvoice}
                      onClick={() => setHistorial({ id: c.id, cliente_id: c.cliente_id, nombres: c.nombres, apellidos: c.apellidos, tipo: 1 })}
                    >
                      Facturas
                    </BotonFila>
                    {/* spec 002 §2.1: only while the credit is not 0; otherwise its place stays, so the column lines up. */}
                    <BotonFila
                      icono={IconTrash}
                      color="red"
                      onClick={() => setEliminar({ id: c.id, nombre: nombreDe(c), total_credito: c.total_credito })}
                      {...(c.total_credito === 0 ? { 'aria-hidden': true, tabIndex: -1, style: { visibility: 'hidden' as const } } : {})}
                    >
                      Eliminar crédito
                    </BotonFila>
                    <BotonFila icono={IconFileTypePdf} color="gray" onClick={() => void abrirDocumento(c.enlace_estado_cuenta)}>
                      Estado de cuenta
                    </BotonFila>
                  </>
                ),
              }}
            />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value={VISTA_CARTERA} pt="sm">
          <CarteraEdades clienteId={idFiltroCliente(cliente)} />
        </Tabs.Panel>
      </Tabs>
      <MovimientosCreditoModal historial={historial} onCerrar={() => setHistorial(null)} />
      <EliminarCreditoDialog credito={eliminar} onCerrar={() => setEliminar(null)} />
    </Stack>
  );
}
