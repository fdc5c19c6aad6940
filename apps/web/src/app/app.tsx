// From react-router/dom: its RouterProvider can apply an address change at once (flushSync), which a filter bar's
// Buscar needs (lib/filtros-en-direccion.ts, docs/decisions.md "Los filtros aplicados y su borrador, en un mismo dibujo").
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { router } from './router';

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
