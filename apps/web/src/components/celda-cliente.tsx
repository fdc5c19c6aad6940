import { Text } from '@mantine/core';

/** A list's customer cell: the document small and dimmed above the full name (billing, production). */
export function CeldaCliente({ documento, nombres, apellidos }: { documento: string; nombres: string; apellidos: string }) {
  return (
    <>
      <Text size="xs" c="dimmed" lh={1.2}>
        {documento}
      </Text>
      <Text size="sm" lh={1.3}>{`${nombres} ${apellidos}`.trim()}</Text>
    </>
  );
}
