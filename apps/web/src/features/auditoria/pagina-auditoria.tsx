import { useMemo, useRef, useState } from 'react';
import { Badge, Select, Text, TextInput } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { hoyNegocio, MENSAJES_AUDITORIA, MODULOS_AUDITORIA, type CambioAuditoria, type ModuloAuditoria } from '@tablero/domain';
import { BotonExportar } from '@/components/boton-exportar';
import { AccionFila } from '@/components/accion-fila';
import { FormularioFiltros } from '@/components/formulario-filtros';
import { PantallaLista } from '@/components/pantalla-lista';
import type { Columna } from '@/components/tabla-paginada';
import { ApiError } from '@/lib/api-error';
import { useEstadoLista } from '@/lib/estado-lista';
import { useFiltrosBuscadosEnDireccion } from '@/lib/filtros-en-direccion';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { formatearFechaHora } from '@/lib/formato';
import { exportarCambios, useCambios, useUsuariosAuditoria } from './api/auditoria';
import { escribirFiltrosAuditoria, filtrosAuditoriaIniciales, leerFiltrosAuditoria, nombreAccion, nombreModulo, registroDe, resumenCambio, type FiltrosAuditoria } from './auditoria.logica';
import { COLOR_ACCION } from './components/colores';
import { DetalleCambioModal } from './components/detalle-cambio-modal';

const OPCIONES_MODULO = (Object.entries(MODULOS_AUDITORIA) as [ModuloAuditoria, string][])
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

const COLUMNAS: Columna<CambioAuditoria>[] = [
  { titulo: 'Fecha', ancho: 128, celda: (c) => formatearFechaHora(c.fecha) },
  {
    titulo: 'Usuario',
    ancho: 170,
    ajustar: true,
    celda: (c) => (
      <>
        <Text size="sm" lh={1.3}>
          {c.usuario ?? 'Tablero (sistema)'}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          {[c.rol, c.codigo_tienda, c.ip].filter(Boolean).join(' · ')}
        </Text>
      </>
    ),
  },
  { titulo: 'Módulo', ancho: 120, celda: (c) => nombreModulo(c.modulo) },
  { titulo: 'Registro', ancho: 150, ajustar: true, celda: (c) => registroDe(c) },
  {
    titulo: 'Acción',
    ancho: 96,
    celda: (c) => (
      <Badge size="sm" radius="sm" variant="light" color={COLOR_ACCION[c.accion]}>
        {nombreAccion(c.accion)}
      </Badge>
    ),
  },
  {
    titulo: 'Cambios',
    ajustar: true,
    celda: (c) => (
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {resumenCambio(c)}
      </Text>
    ),
  },
];

/** The message of a refused query (a range longer than the server allows), for the line under the filters. */
function errorDe(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return Object.values(error.errors).flat()[0] ?? error.message;
}

/**
 * Auditoría (docs/decisions-operacion.md, audit trail; SuperAdministrador, under Maestros): every change of money, stock, state, price, quota,
 * role and setting, newest first, with who, when, from where and the record; filters by date range, user, module and
 * record; server paging; the detail of a change (each field before and after); the filtered changes to .xlsx.
 */
export function AuditoriaPage() {
  const hoy = useMemo(() => hoyNegocio(), []);
  const lista = useEstadoLista();
  // The applied filters live in the address beside the page: a reload, Back or the detail's return keep them.
  const { filtros, aplicar: aplicarFiltros } = useFiltrosBuscadosEnDireccion(
    (parametros) => leerFiltrosAuditoria(parametros, hoy),
    (parametros, nuevos: FiltrosAuditoria) => escribirFiltrosAuditoria(parametros, nuevos, hoy),
  );
  const consulta = useCambios({ filtros, page: lista.pagina, per_page: lista.tamano });
  const usuarios = useUsuariosAuditoria();
  const opcionesUsuario = useMemo(() => (usuarios.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` })), [usuarios.data]);
  const [detalle, setDetalle] = useState<CambioAuditoria | null>(null);
  const [exportando, setExportando] = useState(false);
  const exportandoRef = useRef(false);

  const aplicar = (nuevos: FiltrosAuditoria) => aplicarFiltros(nuevos, consulta);

  // One export at a time however often the button is pressed.
  const exportar = async () => {
    if (exportandoRef.current) return;
    exportandoRef.current = true;
    setExportando(true);
    try {
      await exportarCambios(filtros);
    } finally {
      exportandoRef.current = false;
      setExportando(false);
    }
  };

  const error = errorDe(consulta.error);

  return (
    <PantallaLista
      titulo="Auditoría"
      descripcion="Cada cambio de dinero, inventario, estados, precios, cupos, roles y configuración: quién, cuándo, desde dónde y los valores antes y después."
      accionesEncabezado={
        <BotonExportar loading={exportando} disabled={(consulta.data?.total ?? 0) === 0} onClick={() => void exportar()} />
      }
      lista={lista}
      consulta={consulta}
      columnas={COLUMNAS}
      claveFila={(c) => c.id}
      filtros={
        <>
          <FormularioFiltros
            aplicados={filtros}
            iniciales={filtrosAuditoriaIniciales(hoy)}
            hoy={hoy}
            buscando={consulta.isFetching}
            onBuscar={(nuevos) => aplicar({ ...nuevos, fecha_inicial: nuevos.fecha_inicial ?? hoy, fecha_final: nuevos.fecha_final ?? hoy })}
            despues={(borrador, cambiar) => (
              <>
                <Select
                  label="Usuario"
                  placeholder="Todos"
                  data={opcionesUsuario}
                  value={borrador.usuario_id}
                  onChange={(usuario_id) => cambiar({ usuario_id })}
                  searchable
                  clearable
                  filter={filtroSinAcentos}
                  nothingFoundMessage="Sin coincidencias"
                  w={260}
                />
                <Select
                  label="Módulo"
                  placeholder="Todos"
                  data={OPCIONES_MODULO}
                  value={borrador.modulo}
                  onChange={(modulo) => cambiar({ modulo: modulo as ModuloAuditoria | null })}
                  searchable
                  clearable
                  filter={filtroSinAcentos}
                  nothingFoundMessage="Sin coincidencias"
                  w={200}
                />
                <TextInput
                  label="Registro"
                  placeholder="No. o código"
                  value={borrador.registro}
                  onChange={(evento) => cambiar({ registro: evento.currentTarget.value })}
                  maxLength={100}
                  w={140}
                />
              </>
            )}
          />
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
        </>
      }
      textoVacio={MENSAJES_AUDITORIA.sinResultados}
      anchoMinimo={1000}
      acciones={{
        ancho: 56,
        celda: (c) => (
          <AccionFila etiqueta="Ver detalle" de={registroDe(c)} onClick={() => setDetalle(c)}>
            <IconEye size={16} />
          </AccionFila>
        ),
      }}
    >
      <DetalleCambioModal cambio={detalle} onCerrar={() => setDetalle(null)} />
    </PantallaLista>
  );
}
