import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { EventoDespachoPublico, TableroPublicoDespachos, TurnoPublicoNotificado } from '@tablero/domain';
import { sonarAviso } from '@/lib/sonido-aviso';
import { clavesTableroPublico, esTiendaNoEncontrada, useCanalPublico, useTableroPublico } from './api/tablero-publico';
import {
  aplicarEvento,
  ESPERA_RELECTURA_MS,
  paginaVigente,
  SEGUNDOS_POR_PAGINA,
  SEGUNDOS_RESALTADO,
  siguientePagina,
  sonidoDeDireccion,
  textoColumnaVacia,
  textoFecha,
  textoHora,
  textoPagina,
  tiendaDeDireccion,
} from './tablero-publico.logica';
import clases from './tablero-publico.module.css';

/**
 * The public dispatch board (/publico/despachos?tienda=001; spec 001 "Public dispatch board", docs/decisions-despachos.md): a
 * TV across the shop, no login, nobody to click it. Two columns of up to 12 turns, the store's name and the clock;
 * longer lists page by themselves; live events move the turns at once and the page is then re-read from the server.
 */
export function TableroPublicoPage() {
  const [parametros] = useSearchParams();
  const tienda = tiendaDeDireccion(parametros);
  if (!tienda) {
    return <Aviso>Indique la tienda en la dirección, por ejemplo /publico/despachos?tienda=001</Aviso>;
  }
  return <Tablero key={tienda} tienda={tienda} conSonido={sonidoDeDireccion(parametros)} />;
}

function Tablero({ tienda, conSonido }: { tienda: string; conSonido: boolean }) {
  const queryClient = useQueryClient();
  const [pagina, setPagina] = useState(1);
  const consulta = useTableroPublico(tienda, pagina);
  const datos = consulta.data;
  const ultima = datos?.last_page ?? 1;
  const resaltados = useResaltados();

  // Several events in a row (a bill that enqueues and a call right after) cost one re-read.
  const relectura = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(relectura.current), []);
  const releer = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: clavesTableroPublico.tienda(tienda) });
  }, [queryClient, tienda]);

  // No channel for a store the server does not know (its handshake would be refused again and again); the minute's
  // re-read of the list notices if it is created or activated later.
  const tiendaNoEncontrada = esTiendaNoEncontrada(consulta.error);
  const estadoCanal = useCanalPublico(tiendaNoEncontrada ? null : tienda, {
    alConectar: releer,
    alEvento: (evento: EventoDespachoPublico, turno: TurnoPublicoNotificado) => {
      queryClient.setQueryData<TableroPublicoDespachos>(clavesTableroPublico.pagina(tienda, pagina), (actual) =>
        actual ? aplicarEvento(actual, evento, turno) : actual,
      );
      if (evento === 'assign_dispatch') {
        resaltados.marcar(turno.venta_id);
        if (conSonido) sonarAviso();
      }
      clearTimeout(relectura.current);
      relectura.current = setTimeout(releer, ESPERA_RELECTURA_MS);
    },
  });

  // The paging cycle: each page for a while, then the next, and back to the first.
  useEffect(() => {
    if (ultima <= 1) return;
    const cambio = setTimeout(() => setPagina((p) => siguientePagina(p, ultima)), SEGUNDOS_POR_PAGINA * 1000);
    return () => clearTimeout(cambio);
  }, [pagina, ultima]);

  // The lists shrank under the page shown (turns dispatched): back to the first page at once, not after the cycle.
  const vigente = paginaVigente(pagina, ultima);
  if (datos && !consulta.isPlaceholderData && vigente !== pagina) setPagina(vigente);

  useTituloDocumento(datos ? `Turnos · ${datos.tienda}` : 'Turnos de despacho');

  if (tiendaNoEncontrada) return <Aviso>{`No se encontró la tienda ${tienda}`}</Aviso>;
  if (!datos) {
    return <Aviso>{consulta.failureReason ? 'Sin conexión, reconectando…' : 'Cargando turnos…'}</Aviso>;
  }

  const sinConexion = estadoCanal === 'sin_conexion' || consulta.failureReason !== null;
  const paginaTexto = textoPagina(datos.current_page, datos.last_page);

  return (
    <div className={clases.tablero}>
      <header className={clases.cabecera}>
        <div className={clases.identidad}>
          <p className={clases.rotulo}>Turnos de despacho</p>
          <h1 className={clases.tienda}>{datos.tienda}</h1>
        </div>
        <Reloj />
      </header>

      <main className={clases.columnas}>
        <Columna
          titulo="Próximos turnos"
          tono="proximos"
          encabezados={['Turno', 'Venta', 'Cliente']}
          vacia={textoColumnaVacia('proximos', datos.current_page)}
          filas={datos.proximos.map((t) => ({ clave: t.venta_id, celdas: [t.numero_turno, t.venta_id, t.cliente] }))}
        />
        <Columna
          titulo="Turnos en proceso"
          tono="enProceso"
          encabezados={['Turno', 'Cliente', 'Despachador']}
          vacia={textoColumnaVacia('en_proceso', datos.current_page)}
          filas={datos.en_proceso.map((t) => ({
            clave: t.venta_id,
            celdas: [t.numero_turno, t.cliente, t.despachador],
            resaltada: resaltados.ids.has(t.venta_id),
          }))}
        />
      </main>

      <footer className={clases.pie}>
        <p className={clases.conexion} role="status">
          {sinConexion ? 'Sin conexión, reconectando…' : ''}
        </p>
        {paginaTexto && (
          <p className={clases.paginas}>
            <span>{paginaTexto}</span>
            <span className={clases.puntos} aria-hidden="true">
              {Array.from({ length: datos.last_page }, (_, i) => (
                <span key={i} className={i + 1 === datos.current_page ? clases.puntoActivo : clases.punto} />
              ))}
            </span>
          </p>
        )}
      </footer>
    </div>
  );
}

interface FilaColumna {
  clave: number;
  /** In the order of the headers; the first is the turn number. */
  celdas: (string | number)[];
  resaltada?: boolean;
}

/** One column: a region named by its title holding a table named the same (the journeys find either by name). */
function Columna({ titulo, tono, encabezados, filas, vacia }: { titulo: string; tono: 'proximos' | 'enProceso'; encabezados: string[]; filas: FilaColumna[]; vacia: string }) {
  const id = tono === 'proximos' ? 'tablero-titulo-proximos' : 'tablero-titulo-en-proceso';
  return (
    <section className={`${clases.columna} ${clases[tono]}`} aria-labelledby={id}>
      <h2 id={id} className={clases.titulo}>
        {titulo}
      </h2>
      <table className={clases.tabla} aria-labelledby={id}>
        <colgroup>
          <col className={clases.colTurno} />
          {tono === 'proximos' ? <col className={clases.colVenta} /> : <col />}
          {tono === 'proximos' ? <col /> : <col className={clases.colDespachador} />}
        </colgroup>
        <thead>
          <tr>
            {encabezados.map((encabezado) => (
              <th key={encabezado} scope="col">
                {encabezado}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {filas.map((fila) => (
            <tr key={fila.clave} className={fila.resaltada ? clases.llamado : undefined} data-llamado={fila.resaltada ? 'true' : undefined}>
              {fila.celdas.map((celda, i) => (
                <td key={i} className={i === 0 ? clases.numero : undefined}>
                  {celda}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {filas.length === 0 && <p className={clases.vacia}>{vacia}</p>}
    </section>
  );
}

/** HH:MM in Bogotá and the date; the state only changes when the text does, so the rest of the board is left alone. */
function Reloj() {
  const [ahora, setAhora] = useState(() => leerReloj());
  useEffect(() => {
    const tic = setInterval(() => {
      setAhora((previo) => {
        const nuevo = leerReloj();
        return nuevo.hora === previo.hora && nuevo.fecha === previo.fecha ? previo : nuevo;
      });
    }, 1000);
    return () => clearInterval(tic);
  }, []);
  return (
    <div className={clases.reloj}>
      <time className={clases.hora} aria-label={`Hora ${ahora.hora}`}>
        {ahora.hora}
      </time>
      <span className={clases.fecha}>{ahora.fecha}</span>
    </div>
  );
}

function leerReloj() {
  const instante = new Date();
  return { hora: textoHora(instante), fecha: textoFecha(instante) };
}

/** The called turns highlighted for a few seconds, by sale. */
function useResaltados() {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const temporizadores = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pendientes = temporizadores.current;
    return () => {
      for (const t of pendientes.values()) clearTimeout(t);
    };
  }, []);
  const marcar = useCallback((ventaId: number) => {
    clearTimeout(temporizadores.current.get(ventaId));
    setIds((previos) => new Set(previos).add(ventaId));
    temporizadores.current.set(
      ventaId,
      setTimeout(() => {
        temporizadores.current.delete(ventaId);
        setIds((previos) => {
          const siguientes = new Set(previos);
          siguientes.delete(ventaId);
          return siguientes;
        });
      }, SEGUNDOS_RESALTADO * 1000),
    );
  }, []);
  return { ids, marcar };
}

function useTituloDocumento(titulo: string) {
  useEffect(() => {
    const anterior = document.title;
    document.title = titulo;
    return () => {
      document.title = anterior;
    };
  }, [titulo]);
}

/** A whole-screen message in the board's look (no store, unknown store, first load). */
function Aviso({ children }: { children: ReactNode }) {
  return (
    <div className={clases.tablero}>
      <p className={clases.aviso}>{children}</p>
    </div>
  );
}
