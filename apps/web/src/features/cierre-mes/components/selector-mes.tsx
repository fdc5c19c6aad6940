import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarMonth } from '@tabler/icons-react';
import { mesDe, type Mes } from '../cierre-mes.logica';

interface SelectorMesProps {
  mes: Mes;
  onCambiar: (mes: Mes) => void;
  /** Today (business time zone): no month after its month. */
  hoy: string;
}

/** How many years back the picker reaches (spec 002 §5: the month picker's year is bounded). */
const ANIOS_ATRAS = 10;

/** spec 002 §2.8: the month and year, written yyyy-mm, up to the current month (default the current one). */
export function SelectorMes({ mes, onCambiar, hoy }: SelectorMesProps) {
  const anioMinimo = Number(hoy.slice(0, 4)) - ANIOS_ATRAS;
  return (
    <DatesProvider settings={{ locale: 'es' }}>
      <MonthPickerInput
        label="Mes"
        valueFormat="YYYY-MM"
        value={`${mes}-01`}
        onChange={(valor) => {
          if (valor) onCambiar(mesDe(valor));
        }}
        maxDate={hoy}
        minDate={`${anioMinimo}-01-01`}
        allowDeselect={false}
        leftSection={<IconCalendarMonth size={16} />}
        popoverProps={{ withinPortal: true }}
        w={150}
        size="sm"
      />
    </DatesProvider>
  );
}
