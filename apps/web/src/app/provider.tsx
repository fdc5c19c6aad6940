import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { CargaGlobal } from '@/lib/carga-global';
import { queryClient } from '@/lib/query-client';
import { theme, variablesCss } from './theme';

/**
 * Providers every screen needs: theme, server state, toasts and the global loading overlay. The modals' provider is
 * in the logged-in frame (AppLayout), the only place that opens them: the login page does not download it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={variablesCss} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Bottom right: toasts never cover the page header and its action buttons. */}
        <Notifications position="bottom-right" limit={4} containerWidth={360} />
        {children}
        <CargaGlobal />
      </QueryClientProvider>
    </MantineProvider>
  );
}
