import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconEye, IconLock } from '@tabler/icons-react';
import { ACCIONES, ERRORES, puedeAcceder, type OrdenTurno } from '@tablero/domain';
import { BotonFila } from '@/components/accion-fila';
import { Dato } from '@/components/dato';
import { EncabezadoPagina } from '@/components/encabezado-pagina';
import { EntradaFechaFiltro } from '@/components/entrada-fecha-filtro';
import { TablaPaginada, type Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useFiltrosEnDireccion } from '@/lib/filtros-en-direccion';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { useSesion, useTienda } from '@/lib/sesion';
import { useCajasActivas, useTurno, useTurnoActual, useTurnos, type TurnoJson } from '../api/cajas';
import { escribirFiltrosTurnos, leerFiltrosTurnos, PREFIJO_TURNOS, type FiltrosTurnos } from '../cajas.logica';
import { AbrirTurnoModal } from './abrir-turno-modal';
import { CerrarTurnoModal } from './cerrar-turno-modal';
import { BotonesPdf, DiferenciaBadge, EfectivoTurno, EstadoTurnoBadge, TurnoDetalleModal } from './turno-detalle-modal';

/** The cashier's own shift: open it, see the cash so far, close it; the last close's result and its PDF. */
function MiTurno() {
  const actual = useTurnoActual();
  const [abriendo, setAbriendo] = useState(false);
  const [cerrando, setCerrando] = useState<TurnoJson | null>(null);
  const [cerradoId, setCerradoId] = useState<number | null>(null);
  const cerrado = useTurno(cerradoId);
  const turno = actual.data?.turno ?? null;
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Mi turno
          </Title>
          {turno ? (
            <Button leftSection={<IconLock size={16} />} onClick={() => setCerrando(turno)}>
              Cerrar turno
            </Button>
          ) : (
            <Button leftSection={<IconCash size={16} />} onClick={() => setAbriendo(true)} disabled={!actual.isSuccess}>
              Abrir turno
            </Button>
          )}
        </Group>
        {turno ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Dato etiqueta="Caja">{turno.nombre_caja}</Dato>
              <Dato etiqueta="Abierto desde">{formatearFechaHora(turno.fecha_apertura)}</Dato>
              <Dato etiqueta="Estado">
                <Badge color="teal">Abierto</Badge>
              </Dato>
            </SimpleGrid>
            <EfectivoTurno turno={turno} />
          </>
        ) : actual.isSuccess ? (
          <Alert color={actual.data.debe_abrir_turno ? 'yellow' : 'gray'} role="status">
            {actual.data.debe_abrir_turno ? ERRORES.TURNO_CAJA_REQUERIDO.mensaje : 'No tiene un turno de caja abierto en esta tienda.'}
          </Alert>
        ) : null}
        {cerrado.data && !turno ? (
          <Alert color="teal" title="Turno cerrado" role="status">
            <Stack gap="xs">
              <Group gap="lg">
                <Dato etiqueta="Efectivo esperado">{formatearMoneda(cerrado.data.efectivo_esperado)}</Dato>
                <Dato etiqueta="Efectivo contado">{formatearMoneda(cerrado.data.efectivo_contado)}</Dato>
                <Dato etiqueta="Diferencia">
                  <DiferenciaBadge diferencia={cerrado.data.diferencia} />
                </Dato>
              </Group>
              <Group gap="xs">
                <BotonesPdf turno={cerrado.data} />
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      <AbrirTurnoModal opened={abriendo} onClose={() => setAbriendo(false)} />
      <CerrarTurnoModal turno={cerrando} onClose={() => setCerrando(null)} onCerrado={(t) => setCerradoId(t.id)} />
    </Paper>
  );
}

const COLUMNAS: Columna<TurnoJson, OrdenTurno>[] = [
  { titulo: 'Caja', orden: 'nombre_caja', ancho: 130, ajustar: true, celda: (t) => t.nombre_caja },
  { titulo: 'Cajero', ajustar: true, celda: (t) => t.nombre_usuario },
  { titulo: 'Apertura', orden: 'fecha_apertura', ancho: 150, celda: (t) => formatearFechaHora(t.fecha_apertura) },
  { titulo: 'Cierre', ancho: 150, celda: (t) => (t.fecha_cierre ? formatearFechaHora(t.fecha_cierre) : '—') },
  { titulo: 'Estado', orden: 'estado', ancho: 130, celda: (t) => <EstadoTurnoBadge turno={t} /> },
  { titulo: 'Esperado', ancho: 120, alineacion: 'right', celda: (t) => formatearMoneda(t.efectivo_esperado) },
  { titulo: 'Diferencia', orden: 'diferencia', ancho: 170, celda: (t) => <DiferenciaBadge diferencia={t.diferencia} /> },
];

/** The store's shifts for the administrator: filters by opening day, register and state; each opens its detail. */
function TurnosTienda() {
  const lista = useEstadoLista<OrdenTurno>({ prefijo: PREFIJO_TURNOS });
  // Dates, register and state live in the address beside the search and page: a reload or Back keeps them.
  const { filtros, cambiar } = useFiltrosEnDireccion(leerFiltrosTurnos, escribirFiltrosTurnos, PREFIJO_TURNOS);
  const { desde, hasta, cajaId, estado } = filtros;
  const [detalle, setDetalle] = useState<number | null>(null);
  const cajas = useCajasActivas();
  const consulta = useTurnos({
    ...lista.parametros,
    ...(desde ? { fecha_desde: desde } : {}),
    ...(hasta ? { fecha_hasta: hasta } : {}),
    ...(cajaId ? { caja_id: Number(cajaId) } : {}),
    ...(estado ? { estado } : {}),
  });
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Turnos de la tienda
        </Title>
        <TablaPaginada
          etiqueta="Turnos de la tienda"
          lista={lista}
          consulta={consulta}
          columnas={COLUMNAS}
          anchoMinimo={950}
          buscador={{ placeholder: 'Cajero o caja' }}
          filtros={
            <Group gap="xs" align="flex-end">
              <EntradaFechaFiltro label="Desde" value={desde} onChange={(valor) => cambiar({ desde: valor })} maxDate={hasta} clearable ancho={150} />
              <EntradaFechaFiltro label="Hasta" value={hasta} onChange={(valor) => cambiar({ hasta: valor })} minDate={desde} clearable ancho={150} />
              <Select
                label="Caja"
                placeholder="Todas"
                clearable
                w={160}
                value={cajaId}
                onChange={(valor) => cambiar({ cajaId: valor })}
                data={(cajas.data ?? []).map((c) => ({ value: String(c.id), label: c.nombre_caja }))}
              />
              <Select
                label="Estado"
                placeholder="Todos"
                clearable
                w={130}
                value={estado}
                onChange={(valor) => cambiar({ estado: valor as FiltrosTurnos['estado'] })}
                data={[
                  { value: 'ABIERTO', label: 'Abierto' },
                  { value: 'CERRADO', label: 'Cerrado' },
                ]}
              />
            </Group>
          }
          acciones={{
            ancho: 100,
            celda: (t) => (
              <BotonFila icono={IconEye} onClick={() => setDetalle(t.id)} aria-label={`Ver turno ${t.id}`}>
                Ver
              </BotonFila>
            ),
          }}
        />
      </Stack>
      <TurnoDetalleModal id={detalle} onClose={() => setDetalle(null)} puedeRevisar />
    </Paper>
  );
}

/** #/caja (docs/decisions-cajas.md): the cashier's shift, and for Administrador the store's shifts to review. */
export function PaginaCaja() {
  const sesion = useSesion();
  const tienda = useTienda();
  const revisa = puedeAcceder(sesion?.role, ACCIONES.revisarTurnosCaja.acceso);
  return (
    <Stack gap="md">
      <EncabezadoPagina
        titulo="Caja"
        descripcion={
          <Text size="sm">
            El turno de caja de {tienda ? `la tienda ${tienda.nombre_tienda}` : 'la tienda seleccionada'}: base inicial, efectivo recibido y entregado, y el
            conteo al cerrar.
          </Text>
        }
      />
      <MiTurno />
      {revisa ? <TurnosTienda /> : null}
    </Stack>
  );
}
