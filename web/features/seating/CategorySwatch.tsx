import { Box, type BoxProps } from '@mantine/core';

/** A price category's colour, with a dark ring so that a light colour still shows (issue 42). */
export function CategorySwatch({ color, ...props }: { color: string } & BoxProps) {
  return (
    <Box
      aria-hidden="true"
      w={18}
      h={18}
      {...props}
      style={{ flex: 'none', borderRadius: '50%', background: color, border: '2px solid #343a40' }}
    />
  );
}
