import { useMemo, useState, type Dispatch } from 'react';
import { Select, Stack, Table, Text } from '@mantine/core';
import { useServiciosEspeciales } from '@/features/productos';
import { EntradaEntero } from '@/components/entradas-numericas';
import { FilaAgregar } from '@/components/fila-agregar';
import { ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { notificarAviso } from '@/lib/notificaciones';
import { motivoSinServicio, TEXTO_MODO, type Accion, type FilaCorte, type ModoServicio, type Numero } from './corte.logica';
import { BotonQuitar } from '@/components/accion-fila';

const LADOS = (Object.keys(TEXTO_MODO) as ModoServicio[]).map((modo) => ({ value: modo, label: TEXTO_MODO[modo] }));

interface ServiciosEspecialesModalProps {
  /** The row whose services are edited; null: closed. */
  fila: FilaCorte | null;
  numero: number;
  dispatch: Dispatch<Accion>;
  onClose: () => void;
}

/**
 * The special-service dialog of a cut (spec 001 Optimizer modal, §5): a service of product group 8, the side it applies
 * to (Base, Altura or Pieza) and its quantity per piece; 'Debe seleccionar un lado y cantidad para el servicio' when
 * one is missing, 'La referencia ya se encuentra agregada' for a service the piece already has. Changes apply at once.
 */
export function ServiciosEspecialesModal({ fila, numero, dispatch, onClose }: ServiciosEspecialesModalProps) {
  return (
    <ModalFormulario opened={fila !== null} onClose={onClose} titulo={`Servicios especiales del corte ${numero}`} size="lg">
      {fila ? <Servicios key={fila.clave} fila={fila} dispatch={dispatch} /> : null}
    </ModalFormulario>
  );
}

function Servicios({ fila, dispatch }: { fila: FilaCorte; dispatch: Dispatch<Accion> }) {
  const consulta = useServiciosEspeciales();
  const [referencia, setReferencia] = useState<string | null>(null);
  const [modo, setModo] = useState<ModoServicio | null>(null);
  const [cantidad, setCantidad] = useState<Numero>(1);
  const opciones = useMemo(() => (consulta.data ?? []).map((p) => ({ value: p.referencia, label: `${p.referencia} - ${p.nombre_producto}` })), [consulta.data]);
  const nombres = useMemo(() => new Map((consulta.data ?? []).map((p) => [p.referencia, p.nombre_producto])), [consulta.data]);
  const servicios = fila.lista_servicios_especiales;

  const agregar = () => {
    const motivo = motivoSinServicio(servicios, { referencia, modo, cantidad });
    if (motivo) return notificarAviso(motivo);
    const nuevo = { referencia: referencia!, modo: modo!, modo_text: TEXTO_MODO[modo!], cantidad: cantidad as number };
    dispatch({ tipo: 'pieza', clave: fila.clave, cambios: { lista_servicios_especiales: [...servicios, nuevo] } });
    setReferencia(null);
    setModo(null);
    setCantidad(1);
  };
  const quitar = (ref: string) =>
    dispatch({ tipo: 'pieza', clave: fila.clave, cambios: { lista_servicios_especiales: servicios.filter((s) => s.referencia !== ref) } });

  return (
    <Stack gap="sm">
      <FilaAgregar onAgregar={agregar}>
        <Select
          label="Servicio"
          placeholder={consulta.isPending ? 'Cargando…' : 'Buscar servicio'}
          searchable
          data={opciones}
          filter={filtroSinAcentos}
          value={referencia}
          onChange={setReferencia}
          nothingFoundMessage="No se encontraron datos"
          style={{ flex: 1 }}
          data-autofocus
        />
        <Select label="Lado" placeholder="Lado" data={LADOS} value={modo} onChange={(valor) => setModo(valor as ModoServicio | null)} w={110} />
        <EntradaEntero label="Cantidad" value={cantidad} onChange={setCantidad} w={90} />
      </FilaAgregar>
      <Table withTableBorder verticalSpacing={4} aria-label="Servicios especiales">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Servicio</Table.Th>
            <Table.Th w={90}>Lado</Table.Th>
            <Table.Th w={90}>Cantidad</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {servicios.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  Sin servicios especiales
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            servicios.map((servicio) => (
              <Table.Tr key={servicio.referencia}>
                <Table.Td>
                  <Text size="sm" ff="monospace" span>
                    {servicio.referencia}
                  </Text>{' '}
                  <Text size="sm" c="dimmed" span>
                    {nombres.get(servicio.referencia) ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{servicio.modo_text || TEXTO_MODO[servicio.modo]}</Table.Td>
                <Table.Td>{servicio.cantidad}</Table.Td>
                <Table.Td>
                  <BotonQuitar nombre={`Quitar servicio ${servicio.referencia}`} onClick={() => quitar(servicio.referencia)} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      <PieCerrar />
    </Stack>
  );
}
