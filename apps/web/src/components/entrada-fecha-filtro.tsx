import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';

interface EntradaFechaFiltroProps {
  label: string;
  /** 'YYYY-MM-DD' or null. */
  value: string | null;
  onChange: (valor: string | null) => void;
  minDate?: string | null;
  maxDate?: string | null;
  /** An optional filter may be emptied; a required one keeps its date. */
  clearable?: boolean;
  /** The input's width; by default that of the production and dispatch filter bars. */
  ancho?: number;
}

/** A list filter's date, day first (spec 002 §5 Production: start max = end; end min = start, max = today). */
export function EntradaFechaFiltro({ label, value, onChange, minDate, maxDate, clearable = false, ancho }: EntradaFechaFiltroProps) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DatePickerInput
        label={label}
        size="sm"
        w={ancho ?? (clearable ? 158 : 140)}
        valueFormat="DD/MM/YYYY"
        placeholder="DD/MM/AAAA"
        leftSection={<IconCalendar size={16} />}
        value={value}
        minDate={minDate ?? undefined}
        maxDate={maxDate ?? undefined}
        clearable={clearable}
        onChange={(valor) => {
          if (valor || clearable) onChange(valor ?? null);
        }}
      />
    </DatesProvider>
  );
}
