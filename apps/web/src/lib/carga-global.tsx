import { LoadingOverlay } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';

/** Mutations that show their own progress (the login button) opt out with `meta: { sinCargaGlobal: true }`. */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { sinCargaGlobal?: boolean };
  }
}

/**
 * The global loading overlay of spec 000 §8, shown while any mutation is saving. It follows the
 * mutations themselves, so it closes on success and on any error alike.
 */
export function CargaGlobal() {
  const guardando = useIsMutating({ predicate: (mutacion) => !mutacion.meta?.sinCargaGlobal });
  return (
    <LoadingOverlay
      visible={guardando > 0}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.15, blur: 0 }}
      loaderProps={{ type: 'dots', 'aria-label': 'Cargando' }}
      transitionProps={{ duration: 150, enterDelay: 150 }}
    />
  );
}
