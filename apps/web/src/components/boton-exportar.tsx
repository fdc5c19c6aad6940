import type { ComponentProps } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';

/**
 * The button that downloads a list or a report as a spreadsheet: the sheet icon, 'Exportar' unless the screen says
 * more, the default look; a small button (a section's or a table's) gets a smaller icon.
 */
export function BotonExportar({ children = 'Exportar', ...props }: Omit<ButtonProps, 'children'> & Pick<ComponentProps<'button'>, 'onClick' | 'aria-label'> & { children?: string }) {
  const pequeno = props.size === 'xs' || String(props.size ?? '').startsWith('compact');
  return (
    <Button variant="default" leftSection={<IconFileSpreadsheet size={pequeno ? 14 : 16} />} {...props}>
      {children}
    </Button>
  );
}
