import { createContext, Suspense, useContext, type ReactNode } from 'react';

/** What a screen gives the sale detail dialog (spec 000 §2.7): the sale shown (none: the dialog is closed) and how to close it. */
export interface PropsDetalleVenta {
  ventaId: number | null;
  onCerrar: () => void;
}

const RanuraDetalleVenta = createContext<((props: PropsDetalleVenta) => ReactNode) | null>(null);

/**
 * The frame (app/) puts here how ventas' sale detail dialog is shown. Features point one way (docs/architecture.md §5):
 * ventas creates a credit account from the order form, so it sits above cuentas-credito, and the credit history (like
 * advances, month closing, cash and production) opens a sale's detail through this slot instead of importing ventas.
 */
export const ProveedorDetalleVenta = RanuraDetalleVenta.Provider;

/**
 * The sale detail dialog of the slot. The frame gives it loaded on first use: until its code arrives nothing shows, as
 * when the dialog is closed, and the page around it never suspends.
 */
export function DetalleVenta(props: PropsDetalleVenta) {
  const mostrar = useContext(RanuraDetalleVenta);
  return mostrar ? <Suspense fallback={null}>{mostrar(props)}</Suspense> : null;
}
