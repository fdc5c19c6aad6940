import { useMemo, useState } from 'react';
import { Paper, Text } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { MENSAJES_ANTICIPOS, type Anticipo, type AnticiposRespuesta, type Tercero } from '@tablero/domain';
import { FiltroCliente, idFiltroCliente } from '@/components/filtro-cliente';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { useEstadoLista } from '@/lib/estado-lista';
import { useAnticipos, type ConsultaAnticipos } from './api/anticipos';
import { AnticipoFormModal, type ClienteAnticipo } from './components/anticipo-form-modal';
import { AnticiposHistorialModal } from './components/anticipos-historial-modal';
import classes from './components/anticipos.module.css';
import { formatearMonedaLista } from '@/lib/formato';
import { BotonFila } from '@/components/accion-fila';

const TITULO = 'Anticipos';

const nombreDe = (anticipo: Pick<Anticipo, 'nombres' | 'apellidos'>) => `${anticipo.nombres} ${anticipo.apellidos}`.trim();
const soloPagina = (respuesta: AnticiposRespuesta) => respuesta.anticipos;
const soloTotal = (respuesta: AnticiposRespuesta) => respuesta.total_anticipos;
const clienteDe = (anticipo: Anticipo): ClienteAnticipo => ({
  id: anticipo.cliente_id,
  numero_documento: anticipo.numero_documento,
  nombres: anticipo.nombres,
  apellidos: anticipo.apellidos,
});

const COLUMNAS: Columna<Anticipo>[] = [
  { titulo: 'Documento', ancho: 130, celda: (a) => <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{a.numero_documento}</span> },
  { titulo: 'Cliente', ajustar: true, celda: nombreDe },
  {
    titulo: 'Saldo anticipo actual',
    ancho: 180,
    alineacion: 'right',
    celda: (a) => (
      <Text span size="sm" fw={600} c={a.total_anticipo > 0 ? 'teal.8' : 'dimmed'}>
        {formatearMonedaLista(a.total_anticipo)}
      </Text>
    ),
  },
];

/**
 * #/anticipos (spec 002 §2.5), SuperAdministrador: the total advance balance, the customer filter
 * (Todos), Agregar anticipo, each customer's advance balance (highlighted when there is one), and per row Agregar
 * anticipo (customer locked) and Historial. An advance is the customer's prepaid balance (docs/decisions-anticipos.md).
 */
export function AnticiposPage() {
  const lista = useEstadoLista();
  const [cliente, setCliente] = useState<Tercero | null>(null);
  const consultaApi: ConsultaAnticipos = { page: lista.pagina, per_page: lista.tamano, cliente_id: idFiltroCliente(cliente) };
  const pagina = useAnticipos(consultaApi, soloPagina);
  const total = useAnticipos(consultaApi, soloTotal);

  const [formulario, setFormulario] = useState<{ abierto: boolean; cliente: ClienteAnticipo | null }>({ abierto: false, cliente: null });
  const [historial, setHistorial] = useState<Anticipo | null>(null);
  // The history shows the row as the list has it now (its balance changes after an annulment).
  const filaHistorial = historial ? (pagina.data?.data.find((a) => a.id === historial.id) ?? historial) : null;
  const clienteHistorial = useMemo(
    () => (filaHistorial ? { ...clienteDe(filaHistorial), total_anticipo: filaHistorial.total_anticipo } : null),
    [filaHistorial],
  );

  return (
    <PantallaLista
      titulo={TITULO}
      descripcion="Dinero recibido por adelantado de cada cliente: su saldo y sus movimientos."
      accionesEncabezado={
        <Paper withBorder px="md" py={6} radius="sm">
          <Text size="xs" c="dimmed">
            Total anticipos
          </Text>
          <Text size="lg" fw={700} data-testid="total-anticipos">
            {total.data === undefined ? '…' : formatearMonedaLista(total.data)}
          </Text>
        </Paper>
      }
      crear={{ texto: 'Agregar anticipo', onClick: () => setFormulario({ abierto: true, cliente: null }) }}
      lista={lista}
      consulta={pagina}
      columnas={COLUMNAS}
      claveFila={(a) => a.id}
      filtros={
        <FiltroCliente
          cliente={cliente}
          onCambiar={(elegido) => {
            setCliente(elegido);
            lista.irAPagina(1);
          }}
        />
      }
      textoVacio={MENSAJES_ANTICIPOS.sinDatos}
      anchoMinimo={760}
      claseFila={(a) => (a.total_anticipo > 0 ? classes.conSaldo : undefined)}
      atributosFila={(a) => ({ 'data-con-saldo': a.total_anticipo > 0 || undefined })}
      acciones={{
        ancho: 250,
        celda: (a) => (
          <>
            <BotonFila
              icono={IconPlus}
              aria-label={`Agregar anticipo a ${nombreDe(a)}`}
              onClick={() => setFormulario({ abierto: true, cliente: clienteDe(a) })}
            >
              Agregar anticipo
            </BotonFila>
            <BotonFila icono={IconHistory} color="gray" onClick={() => setHistorial(a)}>
              Historial
            </BotonFila>
          </>
        ),
      }}
    >
      <AnticipoFormModal
        opened={formulario.abierto}
        onClose={() => setFormulario((actual) => ({ ...actual, abierto: false }))}
        cliente={formulario.cliente}
      />
      <AnticiposHistorialModal cliente={clienteHistorial} onCerrar={() => setHistorial(null)} />
    </PantallaLista>
  );
}
