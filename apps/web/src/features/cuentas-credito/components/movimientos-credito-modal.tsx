import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBan, IconCash, IconFileTypePdf, IconFilterOff, IconListDetails } from '@tabler/icons-react';
import type { MovimientoCredito } from '@tablero/domain';
import { EntradaEntero } from '@/components/entradas-numericas';
import { AccionFila } from '@/components/accion-fila';
import { FechaMovimiento, HistorialMovimientos, TipoMovimiento } from '@/components/historial-movimientos';
import { ModalDeCliente } from '@/components/modal-de-cliente';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { formatearFecha, formatearMonedaLista } from '@/lib/formato';
import { useMovimientosCredito } from '../api/creditos';
import { PagoCreditoModal, type CreditoPago } from './pago-credito-modal';
import { AnularPagoCreditoDialog, type PagoCreditoAAnular } from './anular-pago-credito-dialog';

/** The credit movement types (docs/decisions-creditos.md): 1 and 2 are the spec's, 3–5 the ledger's own. */
export const TIPOS_MOVIMIENTO_CREDITO = [
  { id: 1, nombre: 'Venta' },
  { id: 2, nombre: 'Pago' },
  { id: 3, nombre: 'Anulación de pago' },
  { id: 4, nombre: 'Anulación de venta' },
  { id: 5, nombre: 'Eliminación de crédito' },
] as const;
const TIPO_VENTA = 1;
const ESPERA_MS = 300;
const TIPO_PAGO = 2;

const OPCIONES_TIPO = [{ value: '0', label: 'Todos' }, ...TIPOS_MOVIMIENTO_CREDITO.map((tipo) => ({ value: String(tipo.id), label: tipo.nombre }))];

/** What the history shows: the credit (its id and customer) and the filters it opens with. */
export interface HistorialCredito extends CreditoPago {
  /** 0: every type (the 001 account detail); 1: the sales (the credits list's Facturas, spec 002 §2.1). */
  tipo?: number;
  venta?: number;
}

interface MovimientosCreditoModalProps {
  historial: HistorialCredito | null;
  onCerrar: () => void;
}


/**
 * The movement history of a credit (spec 002 §2.2), extra large and static: filters by type and
 * sale, date / type / description / value, and for a sale (type 1) what was paid and what is pending, with its
 * receipt, its detail, its payments and Abonar; a payment (type 2) shows its methods and offers Anular abono; an
 * annulled payment is marked. Paging; after a payment or an annulment the history reloads.
 */
export function MovimientosCreditoModal({ historial, onCerrar }: MovimientosCreditoModalProps) {
  return (
    <ModalDeCliente titulo="Movimientos del crédito" registro={historial} onCerrar={onCerrar} size={1100} clave={(h) => `${h.id}:${h.tipo ?? 0}:${h.venta ?? 0}`}>
      {(h) => <Historial historial={h} />}
    </ModalDeCliente>
  );
}

function Historial({ historial }: { historial: HistorialCredito }) {
  // A list inside a dialog: its page and size live here, not in the screen's address.
  const lista = useEstadoLista({ enUrl: false });
  const [tipo, setTipo] = useState(historial.tipo ?? TIPO_VENTA);
  // The sale number as typed, and as asked for: typing is asked for once it pauses (spec 002 §9: 300 ms); a click
  // (Ver pagos, Ver todos, the type) asks at once, so the list is read once, not once now and again after the pause.
  const [venta, setVenta] = useState<number | ''>(historial.venta ?? '');
  const [ventaConsultada, setVentaConsultada] = useState<number | ''>(historial.venta ?? '');
  const consultarVentaEscrita = useDebouncedCallback(setVentaConsultada, ESPERA_MS);
  const consulta = useMovimientosCredito(historial.id, {
    page: lista.pagina,
    per_page: lista.tamano,
    tipo_movimiento_credito_id: tipo,
    venta_id: ventaConsultada === '' ? 0 : ventaConsultada,
  });

  // The sale to pay: its id (locked in the form), 0 for the form with the sale still to choose, null when closed.
  const [pagar, setPagar] = useState<number | null>(null);
  const [anular, setAnular] = useState<PagoCreditoAAnular | null>(null);

  const filtrar = (nuevoTipo: number, nuevaVenta: number | '', escrita = false) => {
    setTipo(nuevoTipo);
    setVenta(nuevaVenta);
    if (escrita) {
      consultarVentaEscrita(nuevaVenta);
    } else {
      consultarVentaEscrita.cancel();
      setVentaConsultada(nuevaVenta);
    }
    lista.irAPagina(1);
  };

  const columnas: Columna<MovimientoCredito>[] = [
    { titulo: 'Fecha', ancho: 92, celda: (m) => <FechaMovimiento fecha={m.fecha_movimiento} registrado={m.fecha_inserta} /> },
    {
      titulo: 'Tipo',
      ancho: 150,
      celda: (m) => <TipoMovimiento nombre={m.nombre_tipo_movimiento_credito} marca={m.anulado ? 'Anulado' : null} />,
    },
    {
      titulo: 'Descripción',
      ajustar: true,
      celda: (m) => (
        <Stack gap={0}>
          <Text size="sm" lh={1.35} td={m.anulado ? 'line-through' : undefined}>
            {m.descripcion_movimiento}
          </Text>
          {m.formas_pago.map((forma) => (
            <Text key={`${forma.forma_pago_id}`} size="xs" c="dimmed" lh={1.35}>
              {`${forma.nombre_forma_pago} ${formatearMonedaLista(forma.valor_pagado)}`}
              {forma.codigo_comprobante ? ` · ${forma.codigo_comprobante}` : ''}
              {forma.fecha_consignacion ? ` · consignado ${formatearFecha(forma.fecha_consignacion)}` : ''}
            </Text>
          ))}
          {m.observacion ? (
            <Text size="xs" c="dimmed" lh={1.35}>{`Observación: ${m.observacion}`}</Text>
          ) : null}
          {m.nombre_usuario ? (
            <Text size="xs" c="dimmed" lh={1.35}>
              {m.nombre_usuario}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      titulo: 'Valor',
      ancho: 110,
      alineacion: 'right',
      celda: (m) => (
        <Text span size="sm" c={m.anulado ? 'dimmed' : undefined} td={m.anulado ? 'line-through' : undefined}>
          {formatearMonedaLista(m.valor_movimiento)}
        </Text>
      ),
    },
    { titulo: 'Pagado', ancho: 110, alineacion: 'right', celda: (m) => (m.tipo_movimiento_credito_id === TIPO_VENTA ? formatearMonedaLista(m.valor_pagado) : '') },
    {
      titulo: 'Pendiente',
      ancho: 110,
      alineacion: 'right',
      celda: (m) =>
        m.tipo_movimiento_credito_id === TIPO_VENTA ? (
          <Text span size="sm" fw={600} c={(m.valor_saldo_movimiento ?? 0) > 0 ? 'orange.8' : 'teal.8'}>
            {formatearMonedaLista(m.valor_saldo_movimiento)}
          </Text>
        ) : (
          ''
        ),
    },
  ];

  return (
    <HistorialMovimientos
      encabezado={
        <Group gap="sm" align="flex-end">
          <Select
            label="Tipo de movimiento"
            data={OPCIONES_TIPO}
            value={String(tipo)}
            allowDeselect={false}
            onChange={(valor) => filtrar(Number(valor ?? 0), venta)}
            w={220}
          />
          <EntradaEntero label="Venta No." placeholder="Todas" value={venta} onChange={(valor) => filtrar(tipo, valor === '' || valor <= 0 ? '' : valor, true)} w={150} />
          {tipo !== 0 || venta !== '' ? (
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => filtrar(0, '')}>
              Ver todos
            </Button>
          ) : null}
          <Button ml="auto" variant="light" color="green" leftSection={<IconCash size={16} />} onClick={() => setPagar(0)}>
            Registrar abono
          </Button>
        </Group>
      }
      etiqueta="Movimientos del crédito"
      lista={lista}
      consulta={consulta}
      columnas={columnas}
      anchoMinimo={900}
      tipo={(m) => m.tipo_movimiento_credito_id}
      acciones={{
        ancho: 170,
        celda: (m, detalleVenta) => (
          <>
            {m.enlace_recibo ? (
              <AccionFila etiqueta={`Recibo venta ${m.venta_id ?? ''}`.trim()} color="gray" href={m.enlace_recibo}>
                <IconFileTypePdf size={16} />
              </AccionFila>
            ) : null}
            {m.tipo_movimiento_credito_id === TIPO_VENTA && m.venta_id !== null ? (
              <>
                {detalleVenta(m.venta_id)}
                <AccionFila etiqueta={`Ver pagos venta ${m.venta_id}`} color="indigo" onClick={() => filtrar(TIPO_PAGO, m.venta_id ?? '')}>
                  <IconListDetails size={16} />
                </AccionFila>
                {(m.valor_saldo_movimiento ?? 0) > 0 ? (
                  <AccionFila etiqueta={`Abonar venta ${m.venta_id}`} color="green" onClick={() => setPagar(m.venta_id)}>
                    <IconCash size={16} />
                  </AccionFila>
                ) : null}
              </>
            ) : null}
            {m.tipo_movimiento_credito_id === TIPO_PAGO && !m.anulado ? (
              <AccionFila
                etiqueta="Anular abono"
                color="red"
                onClick={() => setAnular({ id: m.id, venta_id: m.venta_id, valor_movimiento: m.valor_movimiento, fecha_movimiento: m.fecha_movimiento })}
              >
                <IconBan size={16} />
              </AccionFila>
            ) : null}
          </>
        ),
      }}
    >
      <PagoCreditoModal credito={pagar !== null ? historial : null} ventaId={pagar || null} onCerrar={() => setPagar(null)} />
      <AnularPagoCreditoDialog pago={anular} onCerrar={() => setAnular(null)} />
    </HistorialMovimientos>
  );
}
