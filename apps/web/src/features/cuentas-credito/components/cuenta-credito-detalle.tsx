import { abrirDocumento } from '@/lib/descargar';
import { useEffect, useState } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCash, IconFileTypePdf, IconListDetails, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ACCIONES, MENSAJES_CUENTA_CREDITO, puedeAcceder, RUTAS, textoPlazo } from '@tablero/domain';
import { ApiError } from '@/lib/api-error';
import { formatearFechaHora, formatearMoneda } from '@/lib/formato';
import { notificarError } from '@/lib/notificaciones';
import { useSesion } from '@/lib/sesion';
import { useCreditos } from '../api/creditos';
import { useCuentaCreditoTercero } from '../api/get-cuenta-credito-tercero';
import { useCuentasPorDocumento } from '../api/get-cuentas-credito';
import { ElegirClienteModal } from './elegir-cliente-modal';
import { MovimientosCreditoModal, type HistorialCredito } from './movimientos-credito-modal';
import { PagoCuentaCreditoModal } from './pago-cuenta-credito-modal';

function FilaSinDatos({ columnas, texto }: { columnas: number; texto: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnas}>
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {texto}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function Cargando() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Cargando" />
    </Center>
  );
}

/** A document number as third parties keep it: digits only, up to 15. */
const DOCUMENTO_VALIDO = /^\d{1,15}$/;

/**
 * #/cuentas-credito/{numero_documento_tercero} (spec 001 Credit account detail). The route names a document number,
 * but an account belongs to a customer (docs/decisions-creditos.md 'Cuentas y cupos'): customers of different document types may share the number (CC 123
 * and NIT 123). The list's Pagos button already says which customer (`terceroId`); otherwise the accounts of that
 * number are looked up: one opens at once, several are offered in a chooser, none gives the spec's
 * 'El tercero no tiene una cuenta crédito' and the way back to the list.
 */
export function CuentaCreditoDetalle({ documento, terceroId }: { documento: string; terceroId: number | null }) {
  const navigate = useNavigate();
  const [elegido, setElegido] = useState<number | null>(terceroId);
  const valido = DOCUMENTO_VALIDO.test(documento);
  const consulta = useCuentasPorDocumento(documento, { enabled: valido && terceroId === null });
  // Decided on an answer of this visit: a list cached from an earlier visit (before an account was created) must not
  // send the user back while it is asked again. Later refetches (after a payment) keep the answer on screen.
  const cuentas = consulta.isFetchedAfterMount ? consulta.data : undefined;
  const sinCuenta = terceroId === null && (!valido || cuentas?.length === 0);
  const fallo = consulta.isError && consulta.isFetchedAfterMount;

  useEffect(() => {
    if (sinCuenta) notificarError(MENSAJES_CUENTA_CREDITO.sinCuenta);
    // The interceptor already told the user about a failed lookup (spec 000 §8).
    if (sinCuenta || fallo) void navigate(RUTAS.cuentasCredito.path, { replace: true });
  }, [sinCuenta, fallo, navigate]);

  const varias = cuentas && cuentas.length > 1 ? cuentas : null;
  const abierta = elegido ?? (cuentas?.length === 1 ? cuentas[0]!.tercero_id : null);
  if (abierta !== null) {
    return <DetalleCuenta key={abierta} terceroId={abierta} {...(varias ? { onCambiarCliente: () => setElegido(null) } : {})} />;
  }
  if (varias) {
    return (
      <>
        <Cargando />
        <ElegirClienteModal
          opened
          documento={documento}
          cuentas={varias}
          onElegir={setElegido}
          onVolver={() => void navigate(RUTAS.cuentasCredito.path)}
        />
      </>
    );
  }
  return <Cargando />;
}

/**
 * One customer's account: title with the total credit, make-payment button, credit invoices and payments. An account
 * that is gone: 'El tercero no tiene una cuenta crédito' and back to the list.
 */
function DetalleCuenta({ terceroId, onCambiarCliente }: { terceroId: number; onCambiarCliente?: () => void }) {
  const navigate = useNavigate();
  const consulta = useCuentaCreditoTercero(terceroId);
  const [pagando, setPagando] = useState(false);
  const [historial, setHistorial] = useState<HistorialCredito | null>(null);
  // The credits screen's history and statement of this same account, for whoever may open Créditos.
  const rol = useSesion()?.role;
  const conCreditos = puedeAcceder(rol, RUTAS.creditos.acceso);
  // A payment moves money: the roles that manage credit (docs/decisions.md "Quién mueve el dinero de un crédito").
  const registraPagos = puedeAcceder(rol, ACCIONES.gestionarCredito.acceso);

  const sinCuenta = consulta.error instanceof ApiError && consulta.error.status === 404 && consulta.isFetchedAfterMount && !consulta.isFetching;
  useEffect(() => {
    if (sinCuenta && consulta.error instanceof ApiError) {
      // The interceptor already showed the server's message in an error toast (spec 000 §8).
      if (!consulta.error.notificado) notificarError(MENSAJES_CUENTA_CREDITO.sinCuenta);
      void navigate(RUTAS.cuentasCredito.path, { replace: true });
    }
  }, [sinCuenta, consulta.error, navigate]);

  if (!consulta.data) return <Cargando />;

  const { cuenta_credito_cliente: cuenta, facturas_credito: facturas, pagos_cuentas_credito: pagos } = consulta.data;
  const disponible = Math.max(cuenta.total_cupo_permitido - cuenta.total_credito, 0);

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={RUTAS.cuentasCredito.path} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Volver
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="h3" fw={600}>
            {`Total crédito: ${formatearMoneda(cuenta.total_credito)}`}
          </Title>
          <Text size="sm" c="dimmed">
            {`${cuenta.nombre_tipo_documento} ${cuenta.numero_documento_tercero} - ${cuenta.nombres_tercero} ${cuenta.apellidos_tercero} · Cupo permitido ${formatearMoneda(cuenta.total_cupo_permitido)} · Disponible ${formatearMoneda(disponible)} · Plazo ${textoPlazo(cuenta.plazo_dias)}`}
          </Text>
        </div>
        <Group gap="xs">
          {conCreditos ? (
            <>
              <Button
                variant="default"
                leftSection={<IconListDetails size={16} />}
                onClick={() =>
                  setHistorial({ id: cuenta.id, cliente_id: cuenta.tercero_id, nombres: cuenta.nombres_tercero, apellidos: cuenta.apellidos_tercero, tipo: 0 })
                }
              >
                Movimientos
              </Button>
              <EstadoDeCuenta terceroId={cuenta.tercero_id} />
            </>
          ) : null}
          {onCambiarCliente ? (
            <Button variant="default" leftSection={<IconUsers size={16} />} onClick={onCambiarCliente}>
              Cambiar cliente
            </Button>
          ) : null}
          {registraPagos ? (
            <Button leftSection={<IconCash size={16} />} onClick={() => setPagando(true)} disabled={cuenta.total_credito <= 0}>
              Realizar pago
            </Button>
          ) : null}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Paper withBorder p="sm" radius="sm">
          <Title order={3} fz="h5" mb="xs">
            Facturas a crédito
          </Title>
          <Table striped withTableBorder withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>N° venta</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Fecha registro</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {facturas.length === 0 ? (
                <FilaSinDatos columnas={3} texto={MENSAJES_CUENTA_CREDITO.sinCreditos} />
              ) : (
                facturas.map((factura) => (
                  <Table.Tr key={factura.id}>
                    <Table.Td>{factura.venta_id ?? 'Saldo anterior'}</Table.Td>
                    <Table.Td ta="right">{formatearMoneda(factura.valor_credito)}</Table.Td>
                    <Table.Td>{formatearFechaHora(factura.fecha_registro)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="sm" radius="sm">
          <Title order={3} fz="h5" mb="xs">
            Pagos realizados
          </Title>
          <Table striped withTableBorder withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>N° pago</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Usuario</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pagos.length === 0 ? (
                <FilaSinDatos columnas={4} texto={MENSAJES_CUENTA_CREDITO.sinPagos} />
              ) : (
                pagos.map((pago) => (
                  <Table.Tr key={pago.id}>
                    <Table.Td>{pago.id}</Table.Td>
                    <Table.Td ta="right">{formatearMoneda(pago.valor_pagado)}</Table.Td>
                    <Table.Td>{formatearFechaHora(pago.fecha_creacion)}</Table.Td>
                    <Table.Td>{pago.nombre_vendedor ?? ''}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>
      <PagoCuentaCreditoModal opened={pagando} onClose={() => setPagando(false)} cuenta={cuenta} />
      {conCreditos ? <MovimientosCreditoModal historial={historial} onCerrar={() => setHistorial(null)} /> : null}
    </Stack>
  );
}

/** The account statement PDF of the customer's credit (the credits list's signed link for this customer). */
function EstadoDeCuenta({ terceroId }: { terceroId: number }) {
  const credito = useCreditos({ page: 1, per_page: 10, cliente_id: terceroId }, (respuesta) => respuesta.creditos.data.find((c) => c.cliente_id === terceroId) ?? null);
  const enlace = credito.data?.enlace_estado_cuenta;
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      loading={credito.isPending}
      disabled={!enlace}
      onClick={() => enlace && void abrirDocumento(enlace)}
    >
      Estado de cuenta
    </Button>
  );
}
