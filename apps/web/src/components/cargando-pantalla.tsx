import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code loads. */
export function CargandoPantalla() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Cargando" />
    </Center>
  );
}
