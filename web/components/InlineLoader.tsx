import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

/** Shown in place of a card or section while its data loads. */
export function InlineLoader({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <Center py="xl" role="status" aria-label={label ?? t`Loading`}>
      <Loader size="md" />
    </Center>
  );
}
