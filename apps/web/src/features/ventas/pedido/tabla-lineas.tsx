import { memo, type Dispatch } from 'react';
import { ActionIcon, Badge, Box, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDiscount, IconLock, IconScissors, IconTrash } from '@tabler/icons-react';
import { CANTIDAD_MAXIMA_LINEA, DECIMALES_CANTIDAD_LINEA, DECIMALES_PRECIO_UNITARIO, MENSAJES_VENTA, PRECIO_UNITARIO_MAXIMO, excedeInventario, type ExistenciaReserva, type ResultadoTotalesVenta, type Rol } from '@tablero/domain';
import { Encabezados, FilaVacia, type Encabezado } from '@/components/tabla-detalle';
import grilla from '@/components/tabla-grilla.module.css';
import { formatearCantidad, formatearMoneda, formatearPorcentaje } from '@/lib/formato';
import { CeldaNumero } from './celda-numero';
import classes from './tabla-lineas.module.css';
import type { LineaPedido } from './linea-pedido';
import { lineaExcedeInventario, placasFijadasPorPlan, precioEditable, type CeldaInvalida } from './pedido.logica';
import type { AccionPedido } from './pedido.reductor';

/** spec 000 §2.12: the order line's columns, the figures right-aligned. */
const ENCABEZADOS: Encabezado[] = [
  { titulo: 'Referencia' },
  { titulo: 'Producto' },
  { titulo: 'Disponible', alineacion: 'right' },
  { titulo: 'Precio unitario', alineacion: 'right' },
  { titulo: 'Cantidad', alineacion: 'right' },
  { titulo: 'Desc. %', alineacion: 'right' },
  { titulo: 'Subtotal', alineacion: 'right' },
  { titulo: 'Impuesto', alineacion: 'right' },
  { titulo: 'Total', alineacion: 'right' },
  { titulo: 'Acciones', alineacion: 'center' },
];

/** What a row asks of the form; one stable object, so a row that did not change is not drawn again. */
export interface AccionesLinea {
  despachar: Dispatch<AccionPedido>;
  /** A typed quantity or price: the form applies it and says so when it drops the line's approved discount. */
  cambiar: (clave: string, campo: 'cantidad' | 'precio', valor: number) => void;
  solicitarDescuento: (linea: LineaPedido) => void;
  /** Opens the cutting dialog of a board line (spec 000 §2.13). */
  cortar: (linea: LineaPedido) => void;
  /** Enter in a quantity: the form moves the focus to the next field (spec 000 §9: after 200 ms). */
  siguienteCampo: () => void;
  /** Keeps each line's quantity input, so the form can focus the line it just added. */
  registrarCantidad: (clave: string, entrada: HTMLInputElement | null) => void;
  /** A cell ('l3:cantidad') holds a refused number, or reads again (null): the form does not save meanwhile. */
  marcarCelda: (clave: string, celda: CeldaInvalida | null) => void;
}

interface TablaLineasProps {
  lineas: readonly LineaPedido[];
  /** The lines' products' figures, the order itself not counting (docs/decisions-reservas.md): 'Disponible' shows them. */
  reservas: ReadonlyMap<number, ExistenciaReserva>;
  totales: ResultadoTotalesVenta | null;
  /** Discount and cutting appear only once a customer is chosen (spec 000 §2.12). */
  hayCliente: boolean;
  gruposTableros: readonly number[];
  /** Lines whose discount request waits for a decision. */
  descuentosPendientes: ReadonlySet<string>;
  acciones: AccionesLinea;
  alturaMaxima: number | string;
  /** The session's role: the price cell is typed in only by a role that may set a price (precioEditable). */
  rol: Rol | null;
  /** The line whose amount passes the largest a sale keeps, and the message its quantity shows (motivoTotalesFueraDeRango). */
  fueraDeRango: { clave: string | null; mensaje: string } | null;
}

/**
 * The order's lines (spec 000 §2.12, §3 Order line): reference, product, stock, unit price and quantity typed in place,
 * discount %, subtotal, tax, total and the actions. A row whose quantity exceeds the store's stock is highlighted; the
 * service lines of a board's cut plan follow it, indented and not editable. Only this table scrolls, and the browser lays
 * out and paints only the lines in sight (tabla-lineas.module.css).
 */
export function TablaLineas({ lineas, totales, hayCliente, gruposTableros, descuentosPendientes, acciones, alturaMaxima, rol, fueraDeRango, reservas }: TablaLineasProps) {
  return (
    // The browser's own scrolling, not Mantine's ScrollArea: its context value is a new object on each render, and React
    // then walks all 150 memoised rows looking for its readers on every typed quantity.
    // With the menu open the table is wider than its box; empty, it has nothing the keyboard can reach, so the box itself
    // takes the focus then (WCAG 2.1.1, axe's scrollable-region-focusable); with lines, their cells do.
    <Box mah={alturaMaxima} tabIndex={lineas.length === 0 ? 0 : undefined} style={{ overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
      <Table striped={false} highlightOnHover verticalSpacing={4} horizontalSpacing={6} fz="xs" miw={986} stickyHeader className={`${grilla.grilla} ${classes.tabla}`} aria-label="Productos del pedido">
        <Encabezados columnas={ENCABEZADOS} />
        <Table.Tbody>
          {lineas.length === 0 ? (
            <FilaVacia columnas={10} py="md" className={classes.filaCompleta}>Agregue productos escribiendo la referencia o con Buscar producto</FilaVacia>
          ) : null}
          {lineas.map((linea, n) => {
            const montos = totales?.lineas[n];
            const reserva = linea.servicio_lepton || linea.retal !== null ? undefined : reservas.get(linea.producto_id);
            return (
              <FilaLinea
                key={linea.clave}
                linea={linea}
                subtotal={montos?.valor_subtotal ?? null}
                impuesto={montos?.valor_impuesto ?? null}
                total={montos?.valor_total ?? null}
                reserva={reserva}
                excede={reserva ? excedeInventario(linea.cantidad_solicitada, reserva.disponible) : lineaExcedeInventario(linea)}
                hayCliente={hayCliente}
                esTablero={!linea.servicio_lepton && linea.retal === null && gruposTableros.includes(linea.grupo_id)}
                descuentoPendiente={descuentosPendientes.has(linea.clave)}
                precioEditable={precioEditable(linea, rol)}
                aviso={fueraDeRango?.clave === linea.clave ? fueraDeRango.mensaje : null}
                acciones={acciones}
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

interface FilaLineaProps {
  linea: LineaPedido;
  subtotal: number | null;
  impuesto: number | null;
  total: number | null;
  /** What other saved orders hold of the line's product and what is left (docs/decisions-reservas.md); none for a service. */
  reserva: ExistenciaReserva | undefined;
  excede: boolean;
  hayCliente: boolean;
  esTablero: boolean;
  descuentoPendiente: boolean;
  precioEditable: boolean;
  /** Why the line's amounts cannot be computed, said on its quantity. */
  aviso: string | null;
  acciones: AccionesLinea;
}

/** One line; memoised on its values, so typing a quantity with 150 lines draws only the rows that changed. */
const FilaLinea = memo(function FilaLinea({ linea, subtotal, impuesto, total, reserva, excede, hayCliente, esTablero, descuentoPendiente, precioEditable, aviso, acciones }: FilaLineaProps) {
  const servicio = linea.servicio_lepton;
  const editable = !servicio;
  // A board line with a plan sells the plan's boards: its quantity changes only by optimising again (spec 000 §4.4).
  const placasPlan = placasFijadasPorPlan(linea);
  const fondo = excede ? 'var(--mantine-color-red-light)' : servicio ? 'var(--mantine-color-gray-0)' : undefined;
  return (
    <Table.Tr data-excede-inventario={excede || undefined} data-servicio={servicio || undefined} style={{ backgroundColor: fondo }}>
      <Table.Td pl={servicio ? 14 : undefined}>
        <Text ff="monospace" fz="xs" c={servicio ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {servicio ? '↳ ' : ''}
          {linea.referencia}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="xs" lineClamp={2} pl={servicio ? 'sm' : undefined} c={servicio ? 'dimmed' : undefined}>
          {linea.nombre_producto}
        </Text>
        {linea.lepton ? (
          <Badge size="xs" variant="light" color="teal">
            Plan de corte: {linea.lepton.optimizacion.planilla.cant_placas} placa(s)
          </Badge>
        ) : null}
        {linea.retal ? (
          <Badge size="xs" variant="light" color="grape" data-testid="retal-linea">
            {/* docs/decisions-retales.md: a kept offcut of the store is named by its code (or, reloaded, as one kept). */}
            {linea.retal.codigo ? `Retal ${linea.retal.codigo} · ` : linea.retal.retal_id != null ? 'Retal guardado · ' : 'Retal '}
            {linea.retal.base} × {linea.retal.altura} mm
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" c={excede ? 'red.8' : undefined} fw={excede ? 700 : undefined}>
        {servicio || linea.retal ? '' : formatearCantidad(reserva ? reserva.disponible : linea.cantidad_inventario)}
        {reserva && reserva.reservado > 0 ? (
          <Text component="div" fz={11} c="orange.9" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="reservado-linea">
            Reservado {formatearCantidad(reserva.reservado)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        {precioEditable ? (
          <CeldaNumero
            valor={linea.precio_unitario}
            formato={(v) => formatearMoneda(v)}
            decimales={DECIMALES_PRECIO_UNITARIO}
            maximo={PRECIO_UNITARIO_MAXIMO}
            minimo="cero"
            mensajeInvalido={MENSAJES_VENTA.precio}
            etiqueta={`Precio unitario de ${linea.referencia}`}
            onConfirmar={(valor) => acciones.cambiar(linea.clave, 'precio', valor)}
            onInvalida={(celda) => acciones.marcarCelda(`${linea.clave}:precio`, celda)}
            ancho={104}
          />
        ) : editable && linea.retal === null ? (
          <Tooltip label={MENSAJES_VENTA.precioSoloTienda}>
            <span data-testid="precio-solo-lectura">
              {formatearMoneda(linea.precio_unitario)}
              <VisuallyHidden> (el precio de la tienda)</VisuallyHidden>
            </span>
          </Tooltip>
        ) : (
          formatearMoneda(linea.precio_unitario)
        )}
      </Table.Td>
      <Table.Td ta="right">
        {editable && placasPlan !== null ? (
          <Tooltip label={MENSAJES_VENTA.cantidadDelPlan}>
            <Group gap={4} justify="flex-end" wrap="nowrap" data-testid="cantidad-del-plan">
              <IconLock size={12} color="var(--mantine-color-teal-7)" aria-hidden />
              {formatearCantidad(linea.cantidad_solicitada)}
              <VisuallyHidden> (la define el plan de corte)</VisuallyHidden>
            </Group>
          </Tooltip>
        ) : editable ? (
          <CeldaNumero
            valor={linea.cantidad_solicitada}
            formato={formatearCantidad}
            decimales={DECIMALES_CANTIDAD_LINEA}
            maximo={CANTIDAD_MAXIMA_LINEA}
            minimo="positivo"
            mensajeInvalido={MENSAJES_VENTA.cantidad}
            etiqueta={`Cantidad de ${linea.referencia}`}
            onConfirmar={(valor) => acciones.cambiar(linea.clave, 'cantidad', valor)}
            onInvalida={(celda) => acciones.marcarCelda(`${linea.clave}:cantidad`, celda)}
            onEnter={acciones.siguienteCampo}
            inputRef={(entrada) => acciones.registrarCantidad(linea.clave, entrada)}
            ancho={66}
            aviso={aviso}
          />
        ) : (
          formatearCantidad(linea.cantidad_solicitada)
        )}
      </Table.Td>
      <Table.Td ta="right">
        {linea.porcentaje_descuento > 0 ? formatearPorcentaje(linea.porcentaje_descuento) : descuentoPendiente ? <Badge size="xs" color="yellow">Pendiente</Badge> : ''}
      </Table.Td>
      <Table.Td ta="right">{subtotal === null ? '' : formatearMoneda(subtotal)}</Table.Td>
      <Table.Td ta="right">{impuesto === null ? '' : formatearMoneda(impuesto)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {total === null ? '' : formatearMoneda(total)}
      </Table.Td>
      <Table.Td>
        <Group gap={2} justify="center" wrap="nowrap">
          {hayCliente && editable && linea.retal === null ? (
            <Tooltip label="Solicitar descuento">
              <ActionIcon variant="subtle" size="sm" aria-label={`Solicitar descuento de ${linea.referencia}`} onClick={() => acciones.solicitarDescuento(linea)}>
                <IconDiscount size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {hayCliente && esTablero ? (
            <Tooltip label="Corte">
              <ActionIcon variant="subtle" size="sm" color="teal" aria-label={`Corte de ${linea.referencia}`} onClick={() => acciones.cortar(linea)}>
                <IconScissors size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {editable ? (
            <Tooltip label="Quitar">
              <ActionIcon variant="subtle" size="sm" color="red" aria-label={`Quitar ${linea.referencia}`} onClick={() => acciones.despachar({ tipo: 'quitar', clave: linea.clave })}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});
