import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, ScrollArea } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { quedaContenidoAbajo } from './menu.logica';
import classes from './menu-desplazable.module.css';

/**
 * The menu column's scrolling box. While entries stay hidden below (a SuperAdministrador's 29 entries at 1366 × 768),
 * its foot fades out over a chevron and the scrollbar stays drawn, so the menu says it goes on; at its end, or when
 * everything fits, the hint goes away.
 */
export function MenuDesplazable({ children }: { children: ReactNode }) {
  const vista = useRef<HTMLDivElement>(null);
  const [masAbajo, setMasAbajo] = useState(false);
  const medir = useCallback(() => {
    if (vista.current) setMasAbajo(quedaContenidoAbajo(vista.current));
  }, []);

  // The content grows when a badge or a lazily loaded entry appears, and the box when the window changes.
  useEffect(() => {
    const caja = vista.current;
    if (!caja) return;
    const observador = new ResizeObserver(medir);
    observador.observe(caja);
    if (caja.firstElementChild) observador.observe(caja.firstElementChild);
    medir();
    return () => observador.disconnect();
  }, [medir]);

  return (
    <Box className={classes.marco}>
      <ScrollArea h="100%" type="auto" scrollbarSize={6} viewportRef={vista} onScrollPositionChange={medir}>
        {children}
      </ScrollArea>
      {masAbajo ? (
        <div className={classes.masAbajo} data-testid="menu-mas-abajo" aria-hidden>
          <IconChevronDown size={16} stroke={2} />
        </div>
      ) : null}
    </Box>
  );
}
