import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { CargaGlobal } from '@/lib/carga-global';
import { queryClient } from '@/lib/query-client';
import { theme } from './theme';

/** Providers every screen needs: theme, server state, toasts, modals and the global loading overlay. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Bottom right: toasts never cover the page header and its action buttons. */}
        <Notifications position="bottom-right" limit={4} containerWidth={360} />
        <ModalsProvider
          labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}
          modalProps={{ closeOnClickOutside: false, closeOnEscape: false, closeButtonProps: { 'aria-label': 'Cerrar' } }}
        >
          {children}
        </ModalsProvider>
        <CargaGlobal />
      </QueryClientProvider>
    </MantineProvider>
  );
}
