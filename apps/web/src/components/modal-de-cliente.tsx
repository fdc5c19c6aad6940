import { Fragment, type Key, type ReactNode } from 'react';
import type { ModalProps } from '@mantine/core';
import { useTituloConCliente } from '@/lib/titulo-con-cliente';
import { ModalFormulario } from './modal-formulario';

/**
 * A static dialog about one customer's record (the advance history, a credit's movements, a credit payment): open
 * while there is a record, titled 'base de Nombre Apellido' (kept while it closes, useTituloConCliente), and its body
 * started anew for each record (`clave`: another record, or the same one opened with other filters, starts on page 1
 * with its own state).
 */
export function ModalDeCliente<C extends { nombres: string; apellidos: string }>({
  titulo,
  registro,
  onCerrar,
  size,
  clave,
  children,
}: {
  titulo: string;
  registro: C | null;
  onCerrar: () => void;
  size: ModalProps['size'];
  clave: (registro: C) => Key;
  children: (registro: C) => ReactNode;
}) {
  const tituloCliente = useTituloConCliente(titulo, registro);
  return (
    <ModalFormulario opened={registro !== null} onClose={onCerrar} titulo={tituloCliente} size={size}>
      {registro ? <Fragment key={clave(registro)}>{children(registro)}</Fragment> : null}
    </ModalFormulario>
  );
}
