import { useState } from 'react';
import { Badge, Group, Select } from '@mantine/core';
import { IconArrowRight, IconFileTypePdf, IconPencil, IconSend, IconThumbUp, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NOMBRES_ESTADO_COTIZACION, OPCIONES_ESTADO_COTIZACION, RUTAS, type EstadoCotizacion, type FilaCotizacion } from '@tablero/domain';
import { AccionFila } from '@/components/accion-fila';
import { useAccionConfirmada } from '@/components/accion-confirmada';
import { EntradaFechaFiltro } from '@/components/entrada-fecha-filtro';
import { ModalFormulario } from '@/components/modal-formulario';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { abrirDocumento } from '@/lib/descargar';
import { useEstadoLista } from '@/lib/estado-lista';
import { useFiltrosEnDireccion } from '@/lib/filtros-en-direccion';
import { formatearFecha, formatearMoneda } from '@/lib/formato';
import { useSesion } from '@/lib/sesion';
import { useAceptarCotizacion, useAnularCotizacion, useCotizaciones, type ConsultaCotizaciones } from '../api/cotizaciones';
import { EnviarDocumentosVenta } from '../components/enviar-documentos-venta';
import { escribirFiltrosCotizaciones, leerFiltrosCotizaciones } from './cotizaciones.logica';
import { ConvertirCotizacionModal } from './convertir-cotizacion-modal';

type Orden = 'id' | 'fecha_venta' | 'fecha_validez' | 'total_venta';

const COLOR_ESTADO: Record<EstadoCotizacion, string> = { abierta: 'blue', vencida: 'orange', convertida: 'teal', anulada: 'gray' };
const pendiente = (c: FilaCotizacion) => c.estado === 'abierta' || c.estado === 'vencida';

const COLUMNAS: Columna<FilaCotizacion, Orden>[] = [
  { titulo: 'No.', orden: 'id', ancho: 70, celda: (c) => c.id },
  { titulo: 'Fecha', orden: 'fecha_venta', ancho: 100, celda: (c) => formatearFecha(c.fecha_venta) },
  { titulo: 'Cliente', ajustar: true, celda: (c) => c.nombre_cliente },
  { titulo: 'Vendedor', ancho: 130, celda: (c) => c.nombre_vendedor },
  { titulo: 'Válida hasta', orden: 'fecha_validez', ancho: 100, celda: (c) => formatearFecha(c.fecha_validez) },
  { titulo: 'Total', orden: 'total_venta', ancho: 115, alineacion: 'right', celda: (c) => formatearMoneda(c.total_venta) },
  {
    titulo: 'Estado',
    ancho: 160,
    celda: (c) => (
      <Group gap={4} wrap="nowrap">
        <Badge color={COLOR_ESTADO[c.estado]} variant="light">
          {NOMBRES_ESTADO_COTIZACION[c.estado]}
        </Badge>
        {c.aceptada_en && c.estado !== 'anulada' ? (
          <Badge color="green" variant="outline">
            Aceptada
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { titulo: 'Pedido', ancho: 75, celda: (c) => (c.pedido_id === null ? '' : `No. ${c.pedido_id}`) },
];

/**
 * #/cotizaciones (docs/decisions-cotizaciones.md): the store's quotations, open, expired, converted or annulled (computed
 * from their dates), searched by customer (without accents) or number, filtered by state, seller and dates; per row
 * Abrir (in the order form), PDF, Enviar (e-mail or a link to share), Marcar aceptada, Convertir en pedido and Anular.
 */
export function CotizacionesPage() {
  const lista = useEstadoLista<Orden>();
  const sesion = useSesion();
  const navigate = useNavigate();
  // State, seller and dates live in the address beside the search and page: a reload or Back keeps them.
  const { filtros, cambiar } = useFiltrosEnDireccion(leerFiltrosCotizaciones, escribirFiltrosCotizaciones);
  const { estado, soloMias, desde: fechaInicial, hasta: fechaFinal } = filtros;
  const [convirtiendo, setConvirtiendo] = useState<number | null>(null);
  // 'Enviar' opens the sale detail's send section for the quotation (docs/decisions-redondeo-envios.md).
  const [enviando, setEnviando] = useState<number | null>(null);
  const consulta: ConsultaCotizaciones = {
    ...lista.parametros,
    ...(estado ? { estado } : {}),
    ...(soloMias && sesion ? { vendedor_id: sesion.id } : {}),
    ...(fechaInicial ? { fecha_inicial: fechaInicial } : {}),
    ...(fechaFinal ? { fecha_final: fechaFinal } : {}),
  };
  const cotizaciones = useCotizaciones(consulta);
  const aceptar = useAceptarCotizacion();
  const anular = useAnularCotizacion();
  const confirmada = useAccionConfirmada();

  return (
    <PantallaLista
      titulo="Cotizaciones"
      descripcion="Precios ofrecidos a los clientes con su fecha de validez; se convierten en pedido en un paso."
      crear={{ texto: 'Nueva cotización', onClick: () => navigate(RUTAS.facturacionCrear.path) }}
      lista={lista}
      consulta={cotizaciones}
      columnas={COLUMNAS}
      claveFila={(c) => c.id}
      buscador={{ placeholder: 'Cliente, documento o número' }}
      filtros={
        <Group gap="xs" align="flex-end">
          <Select
            label="Estado"
            size="sm"
            w={150}
            placeholder="Todos"
            clearable
            data={OPCIONES_ESTADO_COTIZACION}
            value={estado}
            onChange={(valor) => cambiar({ estado: valor as EstadoCotizacion | null })}
          />
          <Select
            label="Vendedor"
            size="sm"
            w={170}
            allowDeselect={false}
            data={[
              { value: 'todos', label: 'Todos' },
              { value: 'mias', label: 'Mis cotizaciones' },
            ]}
            value={soloMias ? 'mias' : 'todos'}
            onChange={(valor) => cambiar({ soloMias: valor === 'mias' })}
          />
          <EntradaFechaFiltro label="Desde" clearable value={fechaInicial} maxDate={fechaFinal} onChange={(desde) => cambiar({ desde })} />
          <EntradaFechaFiltro label="Hasta" clearable value={fechaFinal} minDate={fechaInicial} onChange={(hasta) => cambiar({ hasta })} />
        </Group>
      }
      textoVacio="No hay cotizaciones con estos filtros"
      anchoMinimo={1000}
      anulada={(c) => c.estado === 'anulada'}
      acciones={{
        ancho: 200,
        celda: (c) => (
          <Group gap={4} wrap="nowrap">
            {pendiente(c) ? (
              <AccionFila etiqueta="Abrir" de={`cotización ${c.id}`} onClick={() => navigate(`${RUTAS.facturacionCrear.path}?venta=${c.id}`)}>
                <IconPencil size={16} />
              </AccionFila>
            ) : null}
            <AccionFila etiqueta="PDF" de={`cotización ${c.id}`} color="gray" onClick={() => void abrirDocumento(c.url_pdf, { texto: `Cotización No. ${c.id}` })}>
              <IconFileTypePdf size={16} />
            </AccionFila>
            <AccionFila etiqueta="Enviar" de={`cotización ${c.id}`} color="indigo" onClick={() => setEnviando(c.id)}>
              <IconSend size={16} />
            </AccionFila>
            {c.estado === 'abierta' && !c.aceptada_en ? (
              <AccionFila
                etiqueta="Marcar aceptada"
                de={`cotización ${c.id}`}
                color="green"
                onClick={() =>
                  void confirmada(
                    { titulo: 'Cotización aceptada', mensaje: `¿El cliente aceptó la cotización No. ${c.id}? Mientras esté vigente reserva las existencias.`, aceptar: 'Marcar aceptada' },
                    () => aceptar.mutateAsync(c.id),
                  )
                }
              >
                <IconThumbUp size={16} />
              </AccionFila>
            ) : null}
            {pendiente(c) ? (
              <AccionFila etiqueta="Convertir en pedido" de={`cotización ${c.id}`} color="teal" onClick={() => setConvirtiendo(c.id)}>
                <IconArrowRight size={16} />
              </AccionFila>
            ) : null}
            {pendiente(c) ? (
              <AccionFila
                etiqueta="Anular"
                de={`cotización ${c.id}`}
                color="red"
                onClick={() =>
                  void confirmada(
                    { titulo: 'Anular cotización', mensaje: `¿Anular la cotización No. ${c.id}? No se podrá convertir en pedido.`, aceptar: 'Anular', color: 'red' },
                    () => anular.mutateAsync(c.id),
                  )
                }
              >
                <IconX size={16} />
              </AccionFila>
            ) : null}
          </Group>
        ),
      }}
    >
      <ConvertirCotizacionModal cotizacionId={convirtiendo} onCerrar={() => setConvirtiendo(null)} onConvertida={() => setConvirtiendo(null)} />
      <ModalFormulario opened={enviando !== null} onClose={() => setEnviando(null)} titulo={`Enviar cotización No. ${enviando ?? ''}`} size="lg" soloLectura>
        {enviando !== null ? <EnviarDocumentosVenta ventaId={enviando} /> : null}
      </ModalFormulario>
    </PantallaLista>
  );
}
