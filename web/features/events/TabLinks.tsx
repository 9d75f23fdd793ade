import { Box, Group, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink, useMatch, useResolvedPath } from 'react-router';

/** Links styled as tabs in a named nav; the current one carries `aria-current="page"`. */
export function TabLinks({
  label,
  tabs,
}: {
  label: string;
  tabs: readonly { to: string; label: ReactNode; end?: boolean; current?: boolean }[];
}) {
  return (
    <Box component="nav" aria-label={label} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} wrap="nowrap">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <TabLink to={tab.to} end={tab.end ?? false} current={tab.current}>
              {tab.label}
            </TabLink>
          </li>
        ))}
      </Group>
    </Box>
  );
}

function TabLink({
  to,
  end,
  current,
  children,
}: {
  to: string;
  end: boolean;
  current: boolean | undefined;
  children: ReactNode;
}) {
  const path = useResolvedPath(to);
  const matched = useMatch({ path: path.pathname, end }) !== null;
  const active = current ?? matched;
  return (
    <UnstyledButton
      component={NavLink}
      to={to}
      end={end}
      aria-current={active ? 'page' : undefined}
      px="md"
      py="sm"
      fw={600}
      fz="sm"
      display="block"
      c={active ? 'tessera.8' : 'dimmed'}
      style={{
        borderBottom: `2px solid ${active ? 'var(--mantine-color-tessera-7)' : 'transparent'}`,
        marginBottom: -1,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </UnstyledButton>
  );
}
