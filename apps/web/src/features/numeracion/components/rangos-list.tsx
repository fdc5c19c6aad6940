import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Progress, Select, Stack, Text, Tooltip } from '@mantine/core';
import { MENSAJES_NUMERACION, NOMBRES_TIPO_DOCUMENTO, PORCENTAJE_AVISO_NUMERACION, type RangoNumeracion } from '@tablero/domain';
import { BotonEditar, PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { tiendasUsuarioQueryOptions } from '@/features/tiendas';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearCantidad, formatearFecha } from '@/lib/formato';
import { useSesion } from '@/lib/sesion';
import { useAlertasNumeracion, useRangosPagina, type OrdenRango } from '../api/rangos';
import { AlertasNumeracion } from './avisos-numeracion';
import { EstadoRangoBadge } from './estado-rango-badge';
import { RangoFormModal } from './rango-form-modal';

function Linea({ principal, secundaria }: { principal: string; secundaria?: string | null }) {
  return (
    <div>
      <Text size="sm">{principal}</Text>
      {secundaria ? (
        <Text size="xs" c="dimmed">
          {secundaria}
        </Text>
      ) : null}
    </div>
  );
}

const COLUMNAS: Columna<RangoNumeracion, OrdenRango>[] = [
  { titulo: 'Tienda', orden: 'nombre_tienda', ancho: 100, celda: (rango) => <Linea principal={rango.codigo_tienda} secundaria={rango.nombre_tienda} /> },
  {
    titulo: 'Documento',
    orden: 'prefijo',
    ajustar: true,
    celda: (rango) => (
      <div>
        <Text size="sm" fw={600} ff="monospace">
          {rango.prefijo}
        </Text>
        <Text size="xs" c="dimmed">
          {NOMBRES_TIPO_DOCUMENTO[rango.tipo_documento]}
        </Text>
      </div>
    ),
  },
  {
    titulo: 'Números',
    ancho: 120,
    celda: (rango) => (
      <Linea
        principal={`${formatearCantidad(rango.numero_desde)} – ${formatearCantidad(rango.numero_hasta)}`}
        secundaria={`Siguiente: ${formatearCantidad(rango.siguiente_numero)}`}
      />
    ),
  },
  {
    titulo: 'Resolución',
    ancho: 150,
    celda: (rango) => (
      <div>
        {rango.resolucion_numero ? <Linea principal={rango.resolucion_numero} secundaria={formatearFecha(rango.resolucion_fecha)} /> : <Text size="sm" c="dimmed">—</Text>}
        {/* An invoice range without DIAN's technical key numbers invoices that cannot be sent: said where it is edited. */}
        {rango.tipo_documento === 'FACTURA' && !rango.clave_tecnica ? (
          <Tooltip label={MENSAJES_NUMERACION.sinClaveTecnica} multiline w={240}>
            <Badge color="orange" variant="light" size="sm" mt={2}>
              Sin clave técnica
            </Badge>
          </Tooltip>
        ) : null}
      </div>
    ),
  },
  {
    titulo: 'Vigencia',
    ancho: 150,
    celda: (rango) =>
      rango.fecha_desde || rango.fecha_hasta ? (
        <Linea principal={`Desde ${formatearFecha(rango.fecha_desde) || '—'}`} secundaria={`Hasta ${formatearFecha(rango.fecha_hasta) || '—'}`} />
      ) : (
        <Text size="sm" c="dimmed">
          Sin vencimiento
        </Text>
      ),
  },
  {
    titulo: 'Uso',
    orden: 'porcentaje_usado',
    ancho: 165,
    celda: (rango) => (
      <Stack gap={2}>
        <Progress
          value={rango.porcentaje_usado}
          color={rango.porcentaje_usado >= PORCENTAJE_AVISO_NUMERACION ? 'orange' : 'teal'}
          size="sm"
          aria-label={`Uso del rango ${rango.prefijo}`}
        />
        <Text size="xs" c="dimmed">
          {`${rango.porcentaje_usado} % (${formatearCantidad(rango.usados)} de ${formatearCantidad(rango.numero_hasta - rango.numero_desde + 1)})`}
        </Text>
      </Stack>
    ),
  },
  { titulo: 'Estado', ancho: 115, celda: (rango) => <EstadoRangoBadge estado={rango.estado} /> },
  { titulo: 'Activo', ancho: 70, alineacion: 'center', celda: (rango) => (rango.activo ? 'Sí' : 'No') },
];

/**
 * Numeración (docs/decisions.md; Maestros, SuperAdministrador): each store's numbering ranges per document kind, with
 * their use and state today, a store filter, and one form to add or edit a range. Ranges near their end are listed
 * above the table.
 */
export function RangosList() {
  const sesion = useSesion();
  const lista = useEstadoLista<OrdenRango>();
  const [codigoTienda, setCodigoTienda] = useState('');
  const consulta = useRangosPagina(codigoTienda, lista.parametros);
  const alertas = useAlertasNumeracion();
  const tiendas = useQuery({ ...tiendasUsuarioQueryOptions(sesion?.id ?? 0), enabled: sesion !== null });
  const opcionesTienda = (tiendas.data ?? []).map((tienda) => ({ value: tienda.codigo_tienda, label: `${tienda.codigo_tienda} - ${tienda.nombre_tienda}` }));
  const [formulario, setFormulario] = useState<{ abierto: boolean; rango: RangoNumeracion | null }>({ abierto: false, rango: null });

  // The server's notices (90 % used or about to expire) and the rows' own warnings, each once.
  const avisos = [...new Set([...(alertas.data ?? []), ...(consulta.data?.todos ?? []).flatMap((rango) => (rango.aviso ? [rango.aviso] : []))])];

  return (
    <Stack gap="sm">
      <AlertasNumeracion alertas={avisos} />
      <PantallaLista
        titulo="Numeración"
        descripcion="Rangos de numeración de facturas electrónicas y remisiones por tienda."
        crear={{ texto: 'Nuevo rango', onClick: () => setFormulario({ abierto: true, rango: null }) }}
        lista={lista}
        consulta={consulta}
        columnas={COLUMNAS}
        claveFila={(rango) => rango.id}
        buscador={{ placeholder: 'Prefijo, tienda o resolución' }}
        filtros={
          <Select
            label="Tienda"
            placeholder="Todas las tiendas"
            data={opcionesTienda}
            value={codigoTienda || null}
            onChange={(valor) => {
              setCodigoTienda(valor ?? '');
              lista.irAPagina(1);
            }}
            clearable
            w={220}
          />
        }
        anchoMinimo={980}
        textoVacio="No hay rangos de numeración registrados"
        acciones={{
          ancho: 100,
          celda: (rango) => <BotonEditar nombre={`rango ${rango.prefijo}`} onClick={() => setFormulario({ abierto: true, rango })} />,
        }}
      >
        <RangoFormModal
          opened={formulario.abierto}
          onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
          rango={formulario.rango}
          tiendas={opcionesTienda}
        />
      </PantallaLista>
    </Stack>
  );
}
